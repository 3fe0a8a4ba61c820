// Picked files wait in line and upload strictly one at a time, in the order picked (S2.4-06),
// even when the user picks several at once or picks again while one is uploading.
import { useCallback, useRef, useState } from 'react';
import { readPath } from '../../expr/path';
import { storePath, useEngine, type Frame } from '../../engine';
import type { ImagePickerBlock } from '../../types.gen';
import { newUserAction } from '../../userAction';
import { uploadOne } from './uploadOne';

export function useUploadQueue(block: ImagePickerBlock, max: number, path: string, frame: Frame) {
  const engine = useEngine();
  const tail = useRef<Promise<void>>(Promise.resolve());
  const [pending, setPending] = useState(0);

  const enqueue = useCallback(
    (files: File[]) => {
      if (files.length === 0) return;
      setPending((n) => n + files.length);
      // One pick is one user action: each of its files is uploaded once (its own key).
      const pick = newUserAction();
      for (const file of files) {
        // The tail never rejects, so one broken upload cannot stall the ones behind it.
        const job = async () => {
          try {
            if (engine.signal.aborted) return;
            // Without an upload call the file itself is kept (a local preview, nothing sent).
            const value = block.upload
              ? await uploadOne(
                  engine,
                  { upload: block.upload, append: block.append },
                  file,
                  frame,
                  path,
                  pick,
                )
              : file;
            if (value === undefined) return;
            const at = storePath(block.bind, frame);
            const list = readPath(engine.store.get(), at);
            const urls = Array.isArray(list) ? list : [];
            if (urls.length < max) engine.store.set(at, [...urls, value]);
          } finally {
            if (!engine.signal.aborted) setPending((n) => n - 1);
          }
        };
        tail.current = tail.current.then(job).catch((error: unknown) =>
          engine.host.report({
            screenId: engine.screenId,
            blockPath: path,
            code: 'block-failed',
            message: error instanceof Error ? error.message : String(error),
          }),
        );
      }
    },
    [engine, block, max, frame, path],
  );

  return { pending, enqueue };
}
