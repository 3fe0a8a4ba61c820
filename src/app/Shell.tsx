// What every page has around its router: the services, the toasts and the dev bridge line.
import type { ReactNode } from 'react';
import { ToastView } from '../host/toast';
import { AppContext, type AppServices } from './context';
import { DevBridgeLine } from './DevBridgeLine';

export function Shell({ services, children }: { services: AppServices; children: ReactNode }) {
  return (
    <AppContext.Provider value={services}>
      {children}
      <ToastView toaster={services.host.toaster} />
      <DevBridgeLine bridge={services.host.bridgeAdapter} />
    </AppContext.Provider>
  );
}
