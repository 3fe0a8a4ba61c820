// Local previews of picked files (an imagePicker without `upload`): one object URL per file,
// made by us (never an address from data) and revoked when the file leaves the list.
import { useEffect, useMemo, useRef } from 'react';

export function useObjectUrls(items: readonly unknown[]): Map<Blob, string> {
  const made = useRef(new Map<Blob, string>());
  const urls = useMemo(() => {
    const next = new Map<Blob, string>();
    for (const item of items) {
      if (!(item instanceof Blob) || next.has(item)) continue;
      next.set(item, made.current.get(item) ?? URL.createObjectURL(item));
    }
    return next;
  }, [items]);
  useEffect(() => {
    for (const [blob, url] of made.current) if (!urls.has(blob)) URL.revokeObjectURL(url);
    made.current = urls;
  }, [urls]);
  useEffect(
    () => () => {
      for (const url of made.current.values()) URL.revokeObjectURL(url);
      made.current = new Map();
    },
    [],
  );
  return urls;
}
