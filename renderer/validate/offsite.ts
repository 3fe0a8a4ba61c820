// What a document may send off-site (issue 20 §4). A document runs no script, but an address it
// writes can carry the session or the borrower to another site: a picture's URL with
// {params.sessionId} in it, a page, a frame, an address handed to the native app. An absolute
// address the document itself puts together (a literal, a template, a concat, any constant
// expression) must be on an origin of the allowlist; one the server sends is the server's choice,
// and the engine checks those at run time (renderer/url.ts). Browser-safe, like the other lints.
import { evaluate } from '../expr/evaluate';
import { isPageAction, readsReply, SCRIPTABLE_OR_URL, type UrlPolicy } from '../url';
import { outcomes, type Outcome } from './exprInfo';
import { childPointer } from './pointer';
import type { DocumentParts, FoundExpr } from './walk';

type Say = (pointer: string, what: (where: string) => string, keyword: string, warning?: boolean) => void;

export const NO_POLICY: UrlPolicy = { origins: [], schemes: [] };

/** The literal texts an expression can produce: its branches, and the whole of it with every read blank. */
function candidates(e: FoundExpr): Outcome[] {
  const list = outcomes(e.expr, e.pointer);
  if (e.expr !== null && typeof e.expr === 'object') {
    let folded: unknown;
    try {
      folded = evaluate(e.expr, { scope: {}, format: () => '' });
    } catch {
      folded = undefined;
    }
    if (typeof folded === 'string' && folded.trim() !== '')
      list.push({ value: folded, whole: true, pointer: e.pointer });
  }
  return list;
}

const HTTP = /^\s*https?:/i;
const SCHEME = /^\s*([A-Za-z][A-Za-z0-9+.-]*):/;
/** The origin part of an absolute address, up to the end of its host and port. */
const AUTHORITY = /^\s*https?:\/\/[^/?#\s]*(?=[/?#])/i;

/**
 * Why an http(s) text is not allowed: 'partial' when its origin is not written out in full (a
 * computed host), the origin when it is not on the list, null when it is fine or not http(s).
 */
function originProblem(o: Outcome, policy: UrlPolicy): string | null {
  if (!HTTP.test(o.value)) return null;
  const authority = AUTHORITY.exec(o.value)?.[0];
  if (!o.whole && !authority) return 'partial';
  let origin: string;
  try {
    origin = new URL((o.whole ? o.value : authority!).trim()).origin;
  } catch {
    return null; // Not a URL at all: lintUrls says so.
  }
  return policy.origins.includes(origin) ? null : origin;
}

function sayOrigin(say: Say, o: Outcome, field: string, problem: string, policy: UrlPolicy): void {
  const listed = policy.origins.length > 0 ? policy.origins.join(', ') : 'none';
  say(
    o.pointer,
    (w) =>
      problem === 'partial'
        ? `${w}: '${field}' starts with '${o.value}': an address to another site must spell out its origin (https://host/) in the document`
        : `${w}: '${field}' sends the borrower or a request to ${problem}, which is not this app's origin nor one listed in allowedOrigins (${listed}); use an app path, or add the origin to the configuration`,
    'offsite',
  );
}

/** Pictures, frames, pages and links the document addresses itself. */
export function lintOffsite(parts: DocumentParts, say: Say, policy: UrlPolicy = NO_POLICY): void {
  const seen = new Set<string>();
  const report = (e: FoundExpr, o: Outcome, problem: string) => {
    const key = `${e.pointer} ${problem}`;
    if (seen.has(key)) return;
    seen.add(key);
    sayOrigin(say, o, e.field, problem, policy);
  };
  // A payload written as one plain string is kept with the strings, not the expressions.
  const payloads: FoundExpr[] = parts.strings
    .filter((t) => t.key === 'payload' && t.owner?.type === 'bridge')
    .map((t) => ({
      expr: t.value,
      pointer: t.pointer,
      owner: t.owner!,
      field: 'payload',
      fieldKind: 'other',
    }));
  for (const e of [...parts.exprs, ...payloads]) {
    const bridge = e.owner?.kind === 'action' && e.owner.type === 'bridge' && e.field === 'payload';
    if (e.fieldKind !== 'url' && !bridge) continue;
    const pageUrl =
      bridge &&
      isPageAction(String(e.owner!.node.name)) &&
      (e.pointer.endsWith('/payload/url') || e.pointer.endsWith('/payload'));
    for (const o of candidates(e)) {
      const problem = originProblem(o, policy);
      if (problem) {
        report(e, o, problem);
        continue;
      }
      if (!bridge || !(pageUrl || SCRIPTABLE_OR_URL.test(o.value))) continue;
      const scheme = SCHEME.exec(o.value)?.[1]?.toLowerCase();
      const allowed =
        scheme === undefined
          ? !pageUrl || !o.whole || o.value.trim() === '' || o.value.trim().startsWith('/')
          : scheme === 'http' || scheme === 'https' || policy.schemes.includes(`${scheme}:`);
      if (!allowed)
        say(
          o.pointer,
          (w) =>
            `${w}: the native ${String(e.owner!.node.name)} would get '${o.value}': only http(s) addresses, app paths and the app's own scheme (${policy.schemes.join(', ') || 'none configured'}) go to the native side`,
          'bridge-url',
        );
    }
  }
}

/** The session goes to another origin only at an address the server's reply hands out (D-50). */
export function lintCommonParams(parts: DocumentParts, say: Say): void {
  for (const n of parts.nodes) {
    if (n.kind !== 'action' || n.type !== 'navigate' || n.node.commonParams !== 'anyOrigin') continue;
    if (!readsReply(n.node.to))
      say(
        childPointer(n.pointer, 'commonParams'),
        (w) =>
          `${w}: "anyOrigin" sends the session to whatever site 'to' names, so 'to' must be read straight from the call's reply ({"$": "result.data.lendDetailsUrl"}), not written in the document or taken from params, a form or the state`,
        'common-params',
      );
  }
}

/** No frame gets allow-same-origin: with allow-scripts it undoes the sandbox (issue 16 item 16). */
export function lintFrames(parts: DocumentParts, say: Say): void {
  for (const n of parts.nodes) {
    if (n.kind !== 'block' || n.type !== 'iframe' || !Array.isArray(n.node.sandbox)) continue;
    const i = n.node.sandbox.indexOf('allow-same-origin');
    if (i >= 0)
      say(
        childPointer(childPointer(n.pointer, 'sandbox'), i),
        (w) =>
          `${w}: 'allow-same-origin' is never granted: with allow-scripts a framed page could read this app's cookies and lift its own sandbox. Remove it (the app's own pages are shown in place, not framed)`,
        'sandbox',
      );
  }
}
