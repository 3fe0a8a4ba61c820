// Work a selection leaves for after the frame that shows it (the text's cursor, the panel's
// out-of-sight fields): a frame, then a task, so the paint goes first. Returns its cancel.
export function afterPaint(f: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const frame = requestAnimationFrame(() => (timer = setTimeout(f, 0)));
  return () => {
    cancelAnimationFrame(frame);
    if (timer !== undefined) clearTimeout(timer);
  };
}
