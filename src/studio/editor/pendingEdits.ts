// Visual edits the editor takes after the phone has drawn them (issue 25 speed: a property change
// reaches the phone within 100 ms at 4× CPU). The editor's transaction (its state fields, syntax
// tree, measure: about 40 ms at 4×) and the studio's render that follows it run on the page's one
// thread, before the phone's frame could draw; once the phone has been given the new document,
// the editor takes the edit after the paint instead. Until then the pending text is the text:
// `text()` answers with it, and anything else that reads or changes the editor's state takes the
// pending edits first, in order, each as its own transaction, so undo is as if they were taken at
// once. Pure: the editor gives it how to take an edit and when "later" is.

export interface Edit {
  from: number;
  to: number;
  insert: string;
}

export interface PendingEdits {
  /** The text with the pending edits, else the editor's own (`current`). */
  text(current: () => string): string;
  /** Keeps `edit` (of `text()`, making `next`) for later, and schedules the taking if it is the first. */
  add(edit: Edit, cursor: number | undefined, next: string): void;
  /** Takes the pending edits now, in order. */
  flush(): void;
  /** Forgets them (a new document replaced the editor's state). */
  drop(): void;
}

export function createPendingEdits(
  take: (edit: Edit, cursor: number | undefined) => void,
  /** Runs `f` later (after the next paint); returns its cancel. */
  later: (f: () => void) => () => void,
): PendingEdits {
  let queue: { edit: Edit; cursor: number | undefined }[] = [];
  let pendingText: string | null = null;
  let cancel: (() => void) | null = null;
  const drop = () => {
    cancel?.();
    cancel = null;
    queue = [];
    pendingText = null;
  };
  const flush = () => {
    const taken = queue;
    drop();
    for (const { edit, cursor } of taken) take(edit, cursor);
  };
  return {
    text: (current) => pendingText ?? current(),
    add(edit, cursor, next) {
      queue.push({ edit, cursor });
      pendingText = next;
      cancel ??= later(flush);
    },
    flush,
    drop,
  };
}

/** `text` with `edit` made. */
export const applied = (text: string, edit: Edit): string =>
  text.slice(0, edit.from) + edit.insert + text.slice(edit.to);
