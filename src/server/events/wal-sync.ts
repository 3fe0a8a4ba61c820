import { open } from 'node:fs/promises';

/**
 * Group flush of SQLite's write-ahead log, off the event loop. Event batches commit with
 * `synchronous = NORMAL` (the WAL frames are written, not yet flushed) and are acknowledged once
 * a flush of the WAL file that started after their commit has returned: the same guarantee as
 * `synchronous = FULL`, but the flush runs in libuv's thread pool while the server goes on taking
 * requests, and one flush covers every batch committed before it started. The flush is fdatasync,
 * as SQLite's own on Linux: the data and the size, not the times. (It flushes the file's data
 * whichever descriptor wrote it; the file is opened anew each time, so a WAL recreated by another
 * process is still the one flushed.)
 */
export function createWalSync(walFile: string, flush = () => datasyncFile(walFile)): () => Promise<void> {
  let running: Promise<void> | null = null;
  let next: Promise<void> | null = null;

  /** Resolves after an fsync that started after this call. */
  return function sync(): Promise<void> {
    if (!running) {
      running = flush().finally(() => {
        running = null;
      });
      return running;
    }
    // The flush under way may have started before the caller's commit: wait for the next one,
    // shared by everyone who asks meanwhile.
    next ??= running.then(
      () => ((next = null), sync()),
      () => ((next = null), sync()),
    );
    return next;
  };
}

async function datasyncFile(path: string): Promise<void> {
  const handle = await open(path, 'r+');
  try {
    await handle.datasync();
  } finally {
    await handle.close();
  }
}
