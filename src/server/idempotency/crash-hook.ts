// A test hook (issue 28 item 5): with LENDER_TEST_CRASH_AFTER_COMMIT=<route> the process dies by
// SIGKILL right after a write on that route committed, before its reply is sent: the moment a
// crash leaves a borrower without the answer to a write that happened. Ignored in production
// (config.ts never reads it there).

let route: string | null = null;

export function setCrashAfterCommit(value: string | null): void {
  route = value;
}

/** Dies here when the hook names this route. */
export function crashPointAfterCommit(routeUrl: string): void {
  if (route !== null && route === routeUrl) process.kill(process.pid, 'SIGKILL');
}
