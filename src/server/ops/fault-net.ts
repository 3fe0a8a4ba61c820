// The last net under database faults (issue 30). Every pool, client, listener and timer handles
// its own; a fault that still escapes (a library's event nobody listened to, a promise nobody
// awaited) is logged as the bug it is, and the process carries on: a database restart must not
// take every instance down at once. Anything else that escapes still ends the process, as Node
// would, since its state can no longer be trusted.
import { dbFaultOf } from '../db/faults.js';

export interface FaultNetLog {
  error(fields: object, message: string): void;
}

/** What happens to an error that escaped: logged and survived (a database fault) or the end. */
export function escapedError(log: FaultNetLog, exit: (code: number) => void) {
  return (error: unknown, how: string): void => {
    const fault = dbFaultOf(error);
    if (fault) {
      log.error(
        { database: fault.kind, err: error },
        `a database fault was not handled where it happened (${how}): the server carries on`,
      );
      return;
    }
    log.error({ err: error }, `${how}: the server stops`);
    exit(1);
  };
}

export function installFaultNet(log: FaultNetLog, exit: (code: number) => void = process.exit): void {
  const escaped = escapedError(log, exit);
  process.on('uncaughtException', (error) => escaped(error, 'uncaught exception'));
  process.on('unhandledRejection', (reason) => escaped(reason, 'unhandled rejection'));
}
