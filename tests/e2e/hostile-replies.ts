// Hostile replies for the robustness suite, made generically from whatever the real server
// answers: the family's success envelope is kept (so the screen takes the data as good) and the
// data is poisoned. Every injected string that could run sets window.__pwned, so the spec can
// tell whether anything executed. Also: the pages to try (every screen of the manifest), and the
// replies that once left a page hanging or half-empty (issue 20 §3): `data: null`, data of the
// wrong shape, and no reply at all.
import { readFileSync } from 'node:fs';
import { folderLibrary } from '../../src/checker/checkScreens';
import { resolveScreen } from '../../src/parts/resolve';

export type Hostility = 'malformed' | 'huge' | 'transport';

/** What once left a page on "Loading..." or without its amount (robust-sources.spec.ts). */
export type SourceHostility = 'null' | 'wrong-shape' | 'hang';

interface Manifest {
  routes: { path: string; screen: string; flag?: string }[];
  promo?: Record<string, { param?: string; templates: Record<string, string> }>;
}

const manifest = JSON.parse(
  readFileSync(new URL('../../screens/manifest.json', import.meta.url), 'utf8'),
) as Manifest;

/** Parameters every screen might read: demo ids of docs/api.md. */
export const QUERY = 'orderId=ORD-174-D&productId=P-1&problemId=1&sessionId=ROBUST&deviceId=robust';

/** One address per screen (read now, so new routes are covered): each route's path, each promotion template. */
export function pages(): { screen: string; url: string }[] {
  const out = new Map<string, string>();
  for (const route of manifest.routes)
    if (!out.has(route.screen)) out.set(route.screen, `${route.path}?${QUERY}`);
  for (const [page, entry] of Object.entries(manifest.promo ?? {})) {
    for (const [id, screen] of Object.entries(entry.templates)) {
      if (!out.has(screen)) out.set(screen, `/promo/#/${page}?${entry.param ?? 'id'}=${id}&${QUERY}`);
    }
  }
  return [...out].map(([screen, url]) => ({ screen, url }));
}

/**
 * The sources of a screen the page waits for (not `optional`), as its document declares them once
 * expanded as the server serves it (a variant's sources may be its base's: issue 18).
 */
export function requiredSources(screen: string): { path: string; loads?: string }[] {
  const written = JSON.parse(
    readFileSync(new URL(`../../screens/${screen}.json`, import.meta.url), 'utf8'),
  ) as unknown;
  const doc = resolveScreen(written, screen, folderLibrary('screens')).doc as {
    sources?: { path: string; loads?: string; optional?: boolean }[];
  };
  return (doc.sources ?? []).filter((s) => s.optional !== true);
}

/** API families of docs/api.md by path. `/service` alone is a page; only `/service/...` is API. */
export const API_PATH = /^\/(nepenthes|v3|ndustan|service|gopia|api\/v2\/youmi)\//;

export type Family = 'nepenthes' | 'complaint' | 'legacy' | 'v3' | 'variant' | 'promo';

export function familyOf(path: string): Family {
  if (/^\/nepenthes\/(problem-|upload-problem-image|save-score)/.test(path)) return 'complaint';
  if (path.startsWith('/nepenthes/repayment-')) return 'legacy';
  if (path.startsWith('/nepenthes/')) return 'nepenthes';
  if (path.startsWith('/gopia/')) return 'variant';
  if (path.startsWith('/api/')) return 'promo';
  return 'v3';
}

export const INJECTED = [
  `<img src=x onerror="window.__pwned='img'">`,
  `javascript:window.__pwned='href'`,
  `<script>window.__pwned='script'</script>`,
  `"><svg onload="window.__pwned='svg'">`,
  ` JaVaScRiPt:window.__pwned='mixed-case'`,
  `data:text/html,<script>window.__pwned='data-url'</script>`,
  `{constructor.constructor('window.__pwned=1')()} {data.secret}`,
];

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** Replaces the success envelope's data, keeping the family's success marker. */
export function successEnvelope(family: Family, real: unknown, data: Json): Json {
  const base = real && typeof real === 'object' && !Array.isArray(real) ? (real as Record<string, Json>) : {};
  if (family === 'v3') return { ...base, success: true, message: '', data };
  const strict = family === 'complaint' || family === 'variant';
  const code = base.code;
  const wasOk = strict
    ? code === '00'
    : (typeof code === 'number' || (typeof code === 'string' && code.trim() !== '')) && Number(code) === 0;
  return { ...base, code: wasOk ? code! : strict ? '00' : 0, message: 'success', data };
}

/** Data for a call whose real reply carried none (a refusal): still shaped like data. */
function standIn(): Json {
  return {
    id: 1,
    title: INJECTED[0]!,
    name: INJECTED[2]!,
    url: INJECTED[1]!,
    list: [{ title: INJECTED[3]!, value: INJECTED[4]! }],
  };
}

/**
 * Missing fields, wrong types, nulls, HTML and javascript: strings, expression-shaped objects,
 * and empty lists, rotated over the leaves so every screen gets a mix wherever it reads.
 */
export function malformed(data: unknown): Json {
  let leaf = 0;
  let list = 0;
  const DROP = Symbol('drop');
  const visit = (value: unknown): Json | typeof DROP => {
    if (Array.isArray(value)) {
      // Every other list arrives empty; the rest keep their items, poisoned.
      if (list++ % 2 === 0) return [];
      return value.map(visit).filter((v): v is Json => v !== DROP);
    }
    if (value !== null && typeof value === 'object') {
      const out: { [key: string]: Json } = {};
      for (const [key, child] of Object.entries(value)) {
        const next = visit(child);
        if (next !== DROP) out[key] = next;
      }
      return out;
    }
    switch (leaf++ % 8) {
      case 0:
        return INJECTED[0]!;
      case 1:
        return INJECTED[1]!;
      case 2:
        return null;
      case 3:
        return DROP;
      case 4:
        return typeof value === 'number' ? `<b>${value}</b>` : typeof value === 'string' ? 12345 : 'true';
      case 5:
        return INJECTED[leaf % INJECTED.length]!;
      case 6:
        return { $: 'params', t: '{data.secret}' };
      default:
        return value as Json;
    }
  };
  const out = visit(data ?? standIn());
  return out === DROP ? null : out;
}

export const HUGE_LIST = 10_000;

/** Every outermost list grows to 10 000 items (its own items repeated, or hostile ones when empty). */
export function huge(data: unknown): Json {
  const visit = (value: unknown, inList: boolean): Json => {
    if (Array.isArray(value)) {
      // Lists inside a grown list keep two items at most: the reply stays a few megabytes.
      const items = (inList ? value.slice(0, 2) : value).map((v) => visit(v, true));
      if (inList) return items;
      const pool = items.length > 0 ? items : [standIn()];
      return Array.from({ length: HUGE_LIST }, (_, i) => {
        const item = pool[i % pool.length]!;
        // Distinct ids, so keyed lists cannot collapse them.
        return item && typeof item === 'object' && !Array.isArray(item) && 'id' in item
          ? { ...item, id: i + 1 }
          : item;
      });
    }
    if (value !== null && typeof value === 'object')
      return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, visit(v, inList)]));
    return value as Json;
  };
  return visit(data ?? { list: [] }, false);
}

/** Transport failures, in turn per request: the first one never answers (a timeout). */
export const TRANSPORT = ['hang', '500', 'invalid-json', 'html', 'null', 'array'] as const;
export type Transport = (typeof TRANSPORT)[number];

export function transportReply(kind: Exclude<Transport, 'hang'>): {
  status: number;
  contentType: string;
  body: string;
} {
  switch (kind) {
    case '500':
      return { status: 500, contentType: 'text/html', body: '<h1>Internal Server Error</h1>' };
    case 'invalid-json':
      return { status: 200, contentType: 'application/json', body: '{"code":0,"success":true,"data":{' };
    case 'html':
      return { status: 200, contentType: 'text/html', body: `<html><body>${INJECTED[2]}</body></html>` };
    case 'null':
      return { status: 200, contentType: 'application/json', body: 'null' };
    case 'array':
      return { status: 200, contentType: 'application/json', body: '[{"code":0,"success":true}]' };
  }
}

/**
 * The same data with every value of another type: texts become objects, numbers lists, objects
 * text, lists objects; a list of records becomes a record. What a server out of step with the
 * screen could send: every field the page needs is there by name, none of the type it needs.
 */
export function retyped(data: unknown): Json {
  const swap = (value: unknown, depth: number): Json => {
    if (Array.isArray(value)) return depth === 0 ? { items: value.map((v) => swap(v, 1)) } : {};
    if (value !== null && typeof value === 'object')
      return depth === 0
        ? Object.fromEntries(Object.entries(value).map(([k, v]) => [k, swap(v, depth + 1)]))
        : 'object';
    if (typeof value === 'string') return { text: value };
    if (typeof value === 'number') return [value];
    if (typeof value === 'boolean') return String(value);
    return [];
  };
  return swap(data ?? {}, 0);
}

/**
 * Odd data a real server could send (issue 29 §3): amounts no order can have and missing parts the
 * page would otherwise leave out without a word. Each is the real reply with one field changed; the
 * page must treat it as a data problem (the error with Try again, a report), never show it as fact.
 */
export const ODD_DATA: {
  name: string;
  page: string;
  path: string;
  loads: string;
  edit: (data: Record<string, unknown>) => Record<string, unknown>;
  /** What the page must never show of it. */
  never: RegExp;
}[] = [
  {
    name: 'repayAmount -5',
    page: '/repay',
    path: '/v3/installment/loan-play-detail',
    loads: 'your repayment details',
    edit: (data) => ({ ...data, repayAmount: -5 }),
    never: /-₱0\.05/,
  },
  {
    name: 'an extension fee of a fraction of a cent',
    page: '/repay/delay',
    path: '/ndustan/imitating',
    loads: 'your extension details',
    edit: (data) => ({ ...data, delayInfo: { ...(data.delayInfo as object), delayAmount: 12.5 } }),
    never: /₱0\.12/,
  },
  {
    name: 'userOrderDetail: null',
    page: '/loan/details',
    path: '/v3/loan-details/loan-details',
    loads: 'your loan details',
    edit: (data) => ({ ...data, userOrderDetail: null }),
    never: /Due today/,
  },
];

/** The bank form with no bank to choose (issue 29 §3): the real reply with an empty item list. */
export const noBanks = (data: Record<string, unknown>): Record<string, unknown> => ({ ...data, items: [] });
