// Work a selection or a change leaves for after the frame that shows it (the text's cursor, the
// panel's out-of-sight fields, the editor's transaction): a frame, then a task, so the paint goes
// first. Returns its cancel. Here, beside the folders that use it (editor/ and visual/), so
// neither imports the other for it.
export function afterPaint(f: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const frame = requestAnimationFrame(() => (timer = setTimeout(f, 0)));
  return () => {
    cancelAnimationFrame(frame);
    if (timer !== undefined) clearTimeout(timer);
  };
}
