// What every page has around its router: the services, the toasts and, with the development flag
// only (a development build or config.devTools), the dev bridge line (issue 16 item 14).
import type { ReactNode } from 'react';
import { ToastView } from '../host/toast';
import { AppContext, type AppServices } from './context';
import { DevBridgeLine } from './DevBridgeLine';

export function Shell({ services, children }: { services: AppServices; children: ReactNode }) {
  return (
    <AppContext.Provider value={services}>
      {children}
      <ToastView toaster={services.host.toaster} />
      {(services.dev || services.host.config.devTools === true) && (
        <DevBridgeLine bridge={services.host.bridgeAdapter} />
      )}
    </AppContext.Provider>
  );
}
