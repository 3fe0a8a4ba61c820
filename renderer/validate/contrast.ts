// A block's own colour (`color`, issue 25) carries white words (a primary button, a hero) or is
// itself words on the white page (an outline or text button): either way it must contrast with
// white as WCAG AA asks of text, 4.5:1. The theme's brand colour is the app's choice and is not
// checked here.
import type { DocumentParts } from './walk';

type Say = (pointer: string, what: (where: string) => string, keyword: string, warning?: boolean) => void;

export const MIN_CONTRAST = 4.5;

/** WCAG 2 relative luminance of #RRGGBB. */
function luminance(hex: string): number {
  const channel = (i: number) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
}

/** The contrast of #RRGGBB with white, 1 to 21. */
export const contrastWithWhite = (hex: string): number => 1.05 / (luminance(hex) + 0.05);

export function lintContrast(parts: DocumentParts, say: Say): void {
  for (const n of parts.nodes) {
    const color = n.kind === 'block' ? n.node.color : undefined;
    if (typeof color !== 'string' || !/^#[0-9A-Fa-f]{6}$/.test(color)) continue;
    const ratio = contrastWithWhite(color);
    if (ratio >= MIN_CONTRAST) continue;
    say(
      `${n.pointer}/color`,
      (w) =>
        `${w}: the colour ${color} is too light for words (${ratio.toFixed(1)}:1 with white, ${MIN_CONTRAST}:1 is the least that can be read): choose a darker one`,
      'contrast',
    );
  }
}
