// Maps the document's style hints to theme classes (renderer/theme.css). No free CSS reaches the page.
import type { Style } from './types.gen';

export function styleClass(style: Style | undefined): string {
  if (!style) return '';
  return Object.entries(style)
    .filter(([, v]) => v !== undefined && v !== false)
    .map(([k, v]) => (v === true ? `s-${k}` : `s-${k}-${String(v)}`))
    .join(' ');
}
