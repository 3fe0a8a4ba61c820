import { randomInt } from 'node:crypto';
import { GLYPHS } from './captcha-glyphs.js';

/*
 * Image captcha drawn with a built-in stroke font: the characters are polylines, not <text>, so the
 * answer is not sitting in the SVG source. Only numbers and fixed element names are emitted; no
 * script, no links, no external references, so the image is safe in <img>.
 */

export const CAPTCHA_ALPHABET = Object.keys(GLYPHS).join('');
export const CAPTCHA_LENGTH = 4;

const WIDTH = 120;
const HEIGHT = 40;
const SCALE = 4.2;

export function randomCaptchaText(): string {
  let text = '';
  for (let i = 0; i < CAPTCHA_LENGTH; i++) text += CAPTCHA_ALPHABET[randomInt(CAPTCHA_ALPHABET.length)];
  return text;
}

const colour = (): string => `rgb(${randomInt(20, 120)},${randomInt(20, 120)},${randomInt(60, 160)})`;
const r1 = (n: number): string => n.toFixed(1);

export function captchaSvg(text: string): string {
  const parts: string[] = [`<rect width="${WIDTH}" height="${HEIGHT}" fill="#f3f4f6"/>`];
  for (let i = 0; i < 24; i++) {
    parts.push(
      `<circle cx="${randomInt(WIDTH)}" cy="${randomInt(HEIGHT)}" r="1" fill="${colour()}" fill-opacity="0.5"/>`,
    );
  }
  [...text].forEach((ch, i) => {
    const glyph = GLYPHS[ch];
    if (!glyph) return;
    const x = 10 + i * 26 + randomInt(-3, 4);
    const y = 6 + randomInt(-2, 3);
    const angle = randomInt(-18, 19);
    const paths = glyph
      .map((stroke) => `M${stroke.map(([px, py]) => `${r1(px * SCALE)} ${r1(py * SCALE)}`).join('L')}`)
      .join('');
    parts.push(
      `<path transform="translate(${x} ${y}) rotate(${angle} ${r1(2 * SCALE)} ${r1(3 * SCALE)})" d="${paths}" ` +
        `fill="none" stroke="${colour()}" stroke-width="2.4" stroke-linecap="round" stroke-linejoin="round"/>`,
    );
  });
  for (let i = 0; i < 5; i++) {
    parts.push(
      `<line x1="${randomInt(WIDTH)}" y1="${randomInt(HEIGHT)}" x2="${randomInt(WIDTH)}" y2="${randomInt(HEIGHT)}" ` +
        `stroke="${colour()}" stroke-width="1" stroke-opacity="0.7"/>`,
    );
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}">${parts.join('')}</svg>`;
}
