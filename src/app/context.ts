// What the app shell's components share: the host, the screen loader, and how to start a
// screen's on-load calls early.
import { createContext, useContext } from 'react';
import type { AppHost } from '../host/createHost';
import type { ScreenLoader } from './loadScreen';

export interface AppServices {
  host: AppHost;
  loader: ScreenLoader;
  /** Starts the on-load calls of a screen whose document is not here yet. */
  prefetch(screenId: string, params: Record<string, unknown>): void;
  /** Development build: error pages list validation errors. */
  dev: boolean;
}

export const AppContext = createContext<AppServices | null>(null);

export function useApp(): AppServices {
  const services = useContext(AppContext);
  if (!services) throw new Error('useApp outside the app shell');
  return services;
}
