// Server side: the configuration handed to the browser as a JSON data block. A
// <script type="application/json"> is data, not script, so it is allowed under script-src 'self'.
import { pickConfig } from './load';
import type { AppConfig } from './types';

export const CONFIG_ELEMENT_ID = 'app-config';
/** index.html and promo.html carry this marker where the tag belongs. */
export const CONFIG_PLACEHOLDER = '<!--app-config-->';

/** JSON that cannot close the script element or start a comment (<, >, & and the JS line separators escaped). */
export function safeJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

export function renderConfigTag(config: AppConfig): string {
  return `<script type="application/json" id="${CONFIG_ELEMENT_ID}">${safeJson(pickConfig(config))}</script>`;
}

/** Puts the tag in place of the placeholder, or before </head> when the placeholder is gone. */
export function injectConfig(html: string, config: AppConfig): string {
  const tag = renderConfigTag(config);
  if (html.includes(CONFIG_PLACEHOLDER)) return html.replace(CONFIG_PLACEHOLDER, () => tag);
  const head = html.search(/<\/head>/i);
  return head === -1 ? tag + html : html.slice(0, head) + tag + html.slice(head);
}
