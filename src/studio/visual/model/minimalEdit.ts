// A new value written over an old one touching as little of the text as it can (issue 25 item 7):
// the fields and items that stay the same keep their text, items appended to a list are inserted,
// and only what differs is written. A condition gaining one row or a list gaining one item then
// shows in the review diff as just that. Pure.
import { parse } from 'jsonc-parser';
import { valueAtPath } from './paths';
import {
  applyEdit,
  editBetween,
  insertItem,
  parseText,
  setValue,
  type Path,
  type TextEdit,
} from './textEdits';
import { isObject } from './isObject';

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

function write(text: string, path: Path, before: unknown, after: unknown): string {
  if (same(before, after)) return text;
  if (Array.isArray(before) && Array.isArray(after) && after.length >= before.length) {
    // The items both have, item by item; then the new ones at the end.
    let out = text;
    for (let i = 0; i < before.length; i++) out = write(out, [...path, i], before[i], after[i]);
    for (let i = before.length; i < after.length; i++)
      out = applyEdit(out, insertItem(parseText(out), path, i, after[i]));
    return out;
  }
  if (isObject(before) && isObject(after)) {
    let out = text;
    for (const k of Object.keys(before))
      if (!(k in after)) out = applyEdit(out, setValue(parseText(out), [...path, k], undefined));
    for (const [k, v] of Object.entries(after)) out = write(out, [...path, k], before[k], v);
    return out;
  }
  return applyEdit(text, setValue(parseText(text), path, after));
}

/** The one edit that sets `path` to `value` in `text`, keeping what stays the same. */
export function minimalEdit(text: string, path: Path, value: unknown): TextEdit | null {
  const before = valueAtPath(parse(text), path);
  if (before === undefined || value === undefined) return setValue(parseText(text), path, value);
  return editBetween(text, write(text, path, before, value));
}
