// Checks what a schema cannot: that the names a document uses point at something. Modals opened
// exist, countdowns exist, internal links go to routes of the manifest, state that is read is
// written somewhere; plus the lints of lints.ts. Browser-safe, so an editor can run it live.
import type { ScreensManifest } from '../types.gen';
import { inspectExpr, outcomes, type Pattern, type Read } from './exprInfo';
import { lintContrast } from './contrast';
import { lintAccessibility, lintHtml, lintMoney, lintPatterns, lintUrls } from './lints';
import { checkLanguage } from './language';
import { lintCommonParams, lintFrames, lintOffsite } from './offsite';
import { lintIdentity } from './identityLint';
import { lintSourceFields, lintSources } from './sourcesLint';
import type { UrlPolicy } from '../url';
import { locate, type Subject } from './locate';
import { sortByPosition } from './messages';
import type { Problem } from './problem';
import { childPointer, splitPointer } from './pointer';
import { didYouMean } from './suggest';
import { walkDocument, type DocumentParts } from './walk';

export interface CheckOptions {
  /** The manifest, to check that internal links go to existing routes. */
  manifest?: ScreensManifest | null;
  /**
   * The origins (allowedOrigins) and app schemes a document may address; without it, none: only
   * app paths and the server's own addresses (src/config/origins.ts urlPolicyOf builds it).
   */
  urls?: UrlPolicy;
}

/** Scope roots every expression can read (engine.ts scopeOf), and the variables actions add. */
const ROOTS = ['params', 'data', 'form', 'ui', 'vars', 'computed', 'timers', 'config', 'env', 'local'];
const FRAME_VARS = ['item', 'index', 'result', 'position', 'selected'];

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
const keysOf = (v: unknown) => (isObject(v) ? Object.keys(v) : []);

function reporter(doc: unknown, subject: Subject, errors: Problem[]) {
  return (pointer: string, what: (where: string) => string, keyword: string, warning = false) => {
    // The place only ("block #3 'button'"): each message names the field it is about.
    const where = locate(doc, splitPointer(pointer), subject).label;
    errors.push({
      pointer,
      message: what(where),
      keyword,
      severity: warning ? 'warning' : 'error',
    });
  };
}

type Say = ReturnType<typeof reporter>;

function checkNames(doc: Record<string, unknown>, parts: DocumentParts, reads: Read[], say: Say): void {
  const modals = keysOf(doc.modals);
  const timers = keysOf(doc.timers);
  for (const n of parts.nodes) {
    const modal = n.kind === 'action' && /^(open|close)Modal$/.test(n.type) ? n.node.id : n.node.modal;
    const modalField = n.kind === 'action' && /^(open|close)Modal$/.test(n.type) ? 'id' : 'modal';
    if (typeof modal === 'string' && !modals.includes(modal))
      say(
        childPointer(n.pointer, modalField),
        (w) => `${w}: there is no modal '${modal}' in this screen's modals${didYouMean(modal, modals)}`,
        'modal-ref',
      );
    const timer = n.node.timer;
    if (typeof timer === 'string' && !timers.includes(timer))
      say(
        childPointer(n.pointer, 'timer'),
        (w) => `${w}: there is no countdown '${timer}' in this screen's timers${didYouMean(timer, timers)}`,
        'timer-ref',
      );
  }
  for (const r of reads) {
    const [root, name] = r.path.split('.');
    if (root === 'timers' && name !== undefined && !timers.includes(name))
      say(
        r.pointer,
        (w) =>
          `${w}: reads '${r.path}', but there is no countdown '${name}' in this screen's timers${didYouMean(name, timers)}`,
        'timer-ref',
      );
  }
}

function checkState(doc: Record<string, unknown>, parts: DocumentParts, reads: Read[], say: Say): void {
  const params = Array.isArray(doc.params)
    ? doc.params.filter((p): p is string => typeof p === 'string')
    : [];
  const itemNames = parts.nodes.flatMap((n) => n.itemNames);
  const roots = [...ROOTS, ...FRAME_VARS, ...itemNames];
  const state = isObject(doc.state) ? doc.state : {};
  const written = new Set<string>();
  for (const root of ['form', 'ui', 'data']) for (const k of keysOf(state[root])) written.add(`${root}.${k}`);
  for (const e of parts.exprs)
    if (e.fieldKind === 'statePath' && typeof e.expr === 'string')
      written.add(e.expr.split('.').slice(0, 2).join('.'));
  for (const r of reads) {
    const segments = r.path.split('.');
    const [root = '', name] = segments;
    if (!roots.includes(root)) {
      say(
        r.pointer,
        (w) =>
          `${w}: reads '${r.path}', but '${root}' is not something a screen can read${didYouMean(root, roots)}`,
        'unknown-root',
        true,
      );
    } else if (root === 'params' && name !== undefined && !params.includes(name)) {
      say(
        r.pointer,
        (w) =>
          `${w}: reads '${r.path}', but the screen's 'params' does not list '${name}'${didYouMean(name, params)}`,
        'param',
        true,
      );
    } else if ((root === 'form' || root === 'ui') && name !== undefined && !written.has(`${root}.${name}`)) {
      const candidates = [...written].filter((w) => w.startsWith(root + '.'));
      say(
        r.pointer,
        (w) =>
          `${w}: reads '${r.path}', but nothing in the screen writes '${root}.${name}' (no bind, set or initial state)${didYouMean(`${root}.${name}`, candidates)}`,
        'unwritten',
        true,
      );
    }
  }
}

/** The app paths and promotion pages of the manifest. */
export function routesOf(manifest: ScreensManifest): { paths: string[]; promo: string[] } {
  const paths = (manifest.routes ?? []).flatMap((r) => [r.path, ...(r.aliases ?? [])]);
  return { paths, promo: Object.keys(manifest.promo ?? {}) };
}

function normalise(path: string): string {
  return path.length > 1 ? path.replace(/\/+$/, '') : path;
}

/** Why an app path is not a route, or null when it is. */
export function routeProblem(target: string, manifest: ScreensManifest): string | null {
  const { paths, promo } = routesOf(manifest);
  const promoMatch = /^\/promo\/?#\/([^?/#]*)/.exec(target);
  if (promoMatch) {
    const page = promoMatch[1] ?? '';
    return promo.includes(page)
      ? null
      : `there is no promotion page '${page}' in the manifest${didYouMean(page, promo)}`;
  }
  const path = normalise(target.split(/[?#]/)[0] ?? '');
  if (paths.includes(path)) return null;
  return `'${path}' is not a route in the manifest${didYouMean(path, paths)}`;
}

const FILE = /\.[A-Za-z0-9]{2,5}$/;

/** Fields that name a page to open (navigate's `to`, a link's `href`, back's `fallback`). */
const ROUTE_FIELDS = new Set(['to', 'href', 'fallback']);

function checkRoutes(parts: DocumentParts, manifest: ScreensManifest, say: Say): void {
  const targets = [
    ...parts.exprs
      .filter((e) => ROUTE_FIELDS.has(e.field))
      .map((e) => ({ field: e.field, list: outcomes(e.expr, e.pointer) })),
    ...parts.strings
      .filter((s) => ROUTE_FIELDS.has(s.key) && s.value.startsWith('/'))
      .map((s) => ({ field: s.key, list: [{ value: s.value, whole: true, pointer: s.pointer }] })),
  ];
  for (const e of targets) {
    for (const o of e.list) {
      const complete = o.whole || /[?#]/.test(o.value);
      if (!complete || !o.value.startsWith('/') || o.value.startsWith('//')) continue;
      if (FILE.test(o.value.split(/[?#]/)[0] ?? '')) continue; // a file such as /static/terms.pdf
      const problem = routeProblem(o.value, manifest);
      if (problem)
        say(o.pointer, (w) => `${w}: '${e.field}' goes to '${o.value}', but ${problem}`, 'route-ref');
    }
  }
}

/** Cross-reference checks and lints of one screen document (already valid against its schema). */
export function checkDocument(doc: unknown, options: CheckOptions = {}): Problem[] {
  const errors: Problem[] = [];
  if (!isObject(doc)) return errors;
  const say = reporter(doc, 'screen', errors);
  const parts = walkDocument(doc);
  const reads: Read[] = [];
  const patterns: Pattern[] = [];
  for (const e of parts.exprs)
    if (e.fieldKind !== 'statePath') inspectExpr(e.expr, e.pointer, reads, patterns);
  checkNames(doc, parts, reads, say);
  checkState(doc, parts, reads, say);
  checkLanguage(doc, parts, reads, say);
  if (options.manifest) checkRoutes(parts, options.manifest, say);
  lintAccessibility(parts, say);
  lintContrast(parts, say);
  lintHtml(parts, say);
  lintUrls(parts, say);
  lintOffsite(parts, say, options.urls);
  lintIdentity(doc, parts, say, options.urls);
  lintCommonParams(parts, say);
  lintFrames(parts, say);
  lintSources(doc, say);
  lintSourceFields(parts.nodes, say);
  lintPatterns(parts, say);
  lintMoney(parts, say);
  return sortByPosition(errors, doc);
}

/**
 * Cross-reference checks of the manifest: no path twice, and every screen it names exists
 * (`screenIds`: the ids of the documents that exist; omit to skip that check).
 */
export function checkManifest(manifest: ScreensManifest, screenIds?: ReadonlySet<string>): Problem[] {
  const errors: Problem[] = [];
  const say = reporter(manifest, 'manifest', errors);
  const seen = new Map<string, string>();
  (manifest.routes ?? []).forEach((route, i) => {
    [route.path, ...(route.aliases ?? [])].forEach((path, j) => {
      const pointer = j === 0 ? `/routes/${i}/path` : `/routes/${i}/aliases/${j - 1}`;
      const first = seen.get(path);
      if (first !== undefined)
        say(pointer, (w) => `${w}: the path '${path}' is already used by ${first}`, 'route-duplicate');
      else seen.set(path, `route #${i + 1}`);
    });
    if (screenIds && !screenIds.has(route.screen))
      say(
        `/routes/${i}/screen`,
        (w) =>
          `${w} shows screen '${route.screen}', but there is no screens/${route.screen}.json${didYouMean(route.screen, screenIds)}`,
        'screen-ref',
      );
  });
  for (const [page, entry] of Object.entries(manifest.promo ?? {})) {
    if (!screenIds || !entry) continue;
    const targets: [string, string][] = Object.entries(entry.templates ?? {}).flatMap(([id, screen]) =>
      screen === undefined ? [] : [[`/promo/${page}/templates/${id}`, screen] as [string, string]],
    );
    if (entry.default !== undefined) targets.push([`/promo/${page}/default`, entry.default]);
    for (const [pointer, screen] of targets)
      if (!screenIds.has(screen))
        say(
          pointer,
          (w) =>
            `${w}: template screen '${screen}' does not exist (no screens/${screen}.json)${didYouMean(screen, screenIds)}`,
          'screen-ref',
        );
  }
  return sortByPosition(errors, manifest);
}
