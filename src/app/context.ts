// What the app shell's components share: the host, the screen loader, and how to start a
// screen's on-load calls early.
import { createContext, useContext } from 'react';
import type { AppHost } from '../host/createHost';
import type { ScreenLoader } from './loadScreen';
import type { AnsweredState } from '../../renderer/answer';

export interface AppServices {
  host: AppHost;
  loader: ScreenLoader;
  /** Starts the on-load calls of a screen whose document is not here yet. */
  prefetch(screenId: string, params: Record<string, unknown>): void;
  /** Development build: error pages list validation errors. */
  dev: boolean;
  /**
   * The screen the server drew in the page and what its sources left (src/app/ssr/): the first
   * visit of that screen starts from it, once (takeAnswered).
   */
  answered?: { screenId: string; state: AnsweredState | null } | null;
}

/** The server's answer for the first visit of `screenId`, handed out once (later visits load). */
export function takeAnswered(services: AppServices, screenId: string): AnsweredState | null {
  const held = services.answered;
  if (!held || held.screenId !== screenId) return null;
  services.answered = null;
  return held.state;
}

export const AppContext = createContext<AppServices | null>(null);

export function useApp(): AppServices {
  const services = useContext(AppContext);
  if (!services) throw new Error('useApp outside the app shell');
  return services;
}
