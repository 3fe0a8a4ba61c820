// Maps the document's style hints to theme classes (renderer/theme.css). No free CSS reaches the page.
import type { Style } from './types.gen';

export function styleClass(style: Style | undefined): string {
  if (!style) return '';
  return Object.entries(style)
    .filter(([, v]) => v !== undefined && v !== false)
    .map(([k, v]) => (v === true ? `s-${k}` : `s-${k}-${String(v)}`))
    .join(' ');
}

const HEX = /^#[0-9A-Fa-f]{6}$/;

/**
 * A block's own colour (`color`, #RRGGBB) as the brand colour of its box. Checked again here: a
 * custom property takes any token (a url() would load a picture), so only the schema's form passes.
 */
export function brandStyle(color: unknown): Record<string, string> | undefined {
  return typeof color === 'string' && HEX.test(color) ? { '--brand': color } : undefined;
}
