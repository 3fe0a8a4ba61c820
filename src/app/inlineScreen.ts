// What the server puts in the page as data (src/server/lib/inline-screen.ts,
// src/server/publishing/published-set.ts): the screen document of the route it serves
// (<script type="application/json" id="screen-doc">), so the first screen draws without fetching
// it; the published manifest (id="screen-manifest"), so routes and promotion templates are read at
// run time with no request; and, on a preview link, which draft is shown (id="screen-preview").
// Data, not script, so the page's CSP allows them.
import type { Manifest } from '../manifest/routes';
import {
  DRAWN_ELEMENT_ID,
  MANIFEST_ELEMENT_ID,
  PREVIEW_ELEMENT_ID,
  SCREEN_DOC_ELEMENT_ID,
} from '../wire/page';
import type { InitialScreen } from './loadScreen';
import type { AnsweredState } from '../../renderer/answer';

function readData(doc: Document, id: string): unknown {
  const text = doc.getElementById(id)?.textContent;
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

export function readInitialScreen(doc: Document = document): InitialScreen | null {
  const value = readData(doc, SCREEN_DOC_ELEMENT_ID) as Partial<InitialScreen> | null;
  if (!value || typeof value !== 'object' || typeof value.id !== 'string' || typeof value.stamp !== 'string')
    return null;
  return {
    id: value.id,
    etag: typeof value.etag === 'string' ? value.etag : null,
    stamp: value.stamp,
    revision: typeof value.revision === 'string' ? value.revision : undefined,
    variant: typeof value.variant === 'string' ? value.variant : undefined,
    doc: value.doc,
    ...(value.lang === true ? { lang: true } : {}),
    ...(value.preview === true ? { preview: true } : {}),
  };
}

/** The published manifest the server put in the page, or null (a page not served by it). */
export function readInlineManifest(doc: Document = document): Manifest | null {
  const value = readData(doc, MANIFEST_ELEMENT_ID) as Partial<Manifest> | null;
  return value && typeof value === 'object' && Array.isArray(value.routes) ? (value as Manifest) : null;
}

export interface PreviewInfo {
  /** The screen whose draft the page carries. */
  screen: string;
  /** When the link stops working (ISO). */
  expiresAt: string;
}

export function readPreview(doc: Document = document): PreviewInfo | null {
  const value = readData(doc, PREVIEW_ELEMENT_ID) as Partial<PreviewInfo> | null;
  return value && typeof value.screen === 'string' && typeof value.expiresAt === 'string'
    ? { screen: value.screen, expiresAt: value.expiresAt }
    : null;
}

export interface DrawnPage {
  /** null: the entry's not-found page (an address without a screen), which has no document. */
  screen: string | null;
  answered: AnsweredState | null;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** What the server drew in #root, or null (a page the phone draws itself). */
export function readDrawn(doc: Document = document): DrawnPage | null {
  const value = readData(doc, DRAWN_ELEMENT_ID);
  if (!isRecord(value) || (typeof value.screen !== 'string' && value.screen !== null)) return null;
  const a = value.answered;
  const answered =
    isRecord(a) && isRecord(a.data) && isRecord(a.ui) && isRecord(a.form) && isRecord(a.vars)
      ? { data: a.data, ui: a.ui, form: a.form, vars: a.vars }
      : null;
  return { screen: value.screen, answered };
}
