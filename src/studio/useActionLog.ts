// The phone's actions log: what the screen asked for in the current run, started afresh with each
// run (a new version of the text, another scenario, a restart). A message from an earlier run that
// arrives late is dropped.
import { useCallback, useEffect, useRef, useState } from 'react';
import type { LogEntry } from './shared/protocol';

export interface ActionLog {
  entries: LogEntry[];
  clear(): void;
  /** An entry the phone of run `from` logged. */
  onLog(from: number, entry: LogEntry): void;
  /** The phone of run `from` crashed: logged as a failed problem. */
  onCrash(from: number, message: string): void;
}

export function useActionLog(run: number): ActionLog {
  const [entries, setEntries] = useState<LogEntry[]>([]);
  const runRef = useRef(run);
  runRef.current = run;
  useEffect(() => setEntries([]), [run]);
  const onLog = useCallback((from: number, entry: LogEntry) => {
    if (from === runRef.current) setEntries((list) => [...list, entry]);
  }, []);
  const onCrash = useCallback(
    (from: number, message: string) =>
      onLog(from, {
        seq: -Date.now(),
        at: 0,
        kind: 'problem',
        summary: `The screen crashed: ${message}`,
        failed: true,
      }),
    [onLog],
  );
  const clear = useCallback(() => setEntries([]), []);
  return { entries, clear, onLog, onCrash };
}

/** Asks before the page is left while the text has unsaved changes. */
export function useWarnBeforeLeaving(dirty: boolean): void {
  useEffect(() => {
    const warn = (e: BeforeUnloadEvent) => {
      if (dirty) e.preventDefault();
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);
}
