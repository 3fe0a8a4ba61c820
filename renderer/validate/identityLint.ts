// No address a document writes takes the borrower's session, device or identity to another origin
// (issue 28 item 3), listed in allowedOrigins or not: an address whose value depends on those page
// parameters (identityFlow.ts: however it is built) is an error unless it surely stays on this
// app (it starts with an app path). What the server sends stays the server's choice: an address
// read from a reply reads no parameter, and `commonParams: "anyOrigin"` (lintCommonParams) is the
// one way a document hands the session to an address the server named. A QR code, a barcode or a
// copied text that carries them gets a warning: whoever scans or pastes it gets them.
import { SCRIPTABLE_OR_URL, isPageAction, type UrlPolicy } from '../url';
import { identityFlow, type IdentityFlow } from './identityFlow';
import { outcomes } from './exprInfo';
import type { DocumentParts, FoundExpr } from './walk';

type Say = (pointer: string, what: (where: string) => string, keyword: string, warning?: boolean) => void;

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

const appPath = (text: string) => text.startsWith('/') && !text.startsWith('//') && !text.startsWith('/\\');

/** The only operator of an expression object, with its arguments. */
function single(expr: unknown): [string, unknown] | null {
  if (!isObject(expr)) return null;
  const keys = Object.keys(expr);
  return keys.length === 1 ? [keys[0]!, expr[keys[0]!]] : null;
}

/**
 * Whether every value the expression can give starts with an app path (`/…`, not `//`) or the
 * native app's own scheme (`schemes`): an address on this app whatever it reads. A branch the
 * checker cannot see into is not sure.
 */
export function staysOnApp(expr: unknown, schemes: readonly string[] = [], depth = 0): boolean {
  const ours = (text: string) =>
    appPath(text) || schemes.some((s) => text.toLowerCase().startsWith(s.toLowerCase()));
  if (depth > 32) return false;
  if (typeof expr === 'string') return ours(expr.trimStart());
  if (expr === undefined || expr === null) return true; // no address at all
  const op = single(expr);
  if (!op) return false;
  const [name, args] = op;
  const list = Array.isArray(args) ? args : [args];
  const all = (items: unknown[]) => items.every((e) => staysOnApp(e, schemes, depth + 1));
  switch (name) {
    case 't': {
      if (typeof args !== 'string') return false;
      const lead = outcomes(expr, '')[0];
      return lead !== undefined && ours(lead.value.trimStart());
    }
    case 'concat': {
      // The first piece decides: a literal one, or one that is an app path itself (never empty).
      const first = list.find((piece) => piece !== '');
      return first !== undefined && staysOnApp(first, schemes, depth + 1);
    }
    case 'if':
      return all([list[1], list[2]]);
    case 'or':
    case '??':
      return all(list);
    case 'lookup':
      return isObject(list[1]) && all([...Object.values(list[1]), list[2]]);
    default:
      return false;
  }
}

const SECRET_WORDS =
  'the session, device and identity parameters go to another site only at an address the server sent (read straight from a call reply, or navigate\'s commonParams: "anyOrigin")';

function reportAddress(e: FoundExpr, flow: IdentityFlow, say: Say, stays: boolean): void {
  const carried = flow.carried(e.expr);
  if (carried === null || stays) return;
  say(
    e.pointer,
    (w) =>
      `${w}: '${e.field}' puts ${carried} into an address that may go to another site; ${SECRET_WORDS}. Use an app path, or leave it out`,
    'offsite-session',
  );
}

/** Fields whose text is shown to be scanned or put on the clipboard. */
const SHOWN_TEXT: Readonly<Record<string, string>> = {
  'block:qrcode': 'value',
  'block:barcode': 'value',
  'block:codeBox': 'code',
  'action:copy': 'text',
};

export function lintIdentity(
  doc: Record<string, unknown>,
  parts: DocumentParts,
  say: Say,
  policy?: UrlPolicy,
): void {
  const flow = identityFlow(doc, parts, policy?.identity);
  const stays = (expr: unknown) => staysOnApp(expr, policy?.schemes);
  for (const e of parts.exprs) {
    const owner = e.owner;
    const type = owner ? `${owner.kind}:${owner.type}` : '';
    if (e.fieldKind === 'url') reportAddress(e, flow, say, stays(e.expr));
    else if (type === 'action:navigate' && e.field === 'query')
      // Query fields go on the target: another site gets them when `to` may be one.
      reportAddress(e, flow, say, stays(owner!.node.to));
    else if (type === 'action:bridge' && e.field === 'payload') {
      const page =
        isPageAction(String(owner!.node.name)) &&
        /\/payload(\/url)?$/.test(e.pointer.slice(owner!.pointer.length));
      const looksLikeAddress = outcomes(e.expr, e.pointer).some((o) => SCRIPTABLE_OR_URL.test(o.value));
      if (page || looksLikeAddress) reportAddress(e, flow, say, stays(e.expr));
    } else if (SHOWN_TEXT[type] === e.field) {
      const carried = flow.carried(e.expr);
      if (carried !== null)
        say(
          e.pointer,
          (w) =>
            `${w}: '${e.field}' carries ${carried}: whoever scans or pastes it gets it; show it only if the borrower must hand it on`,
          'identity-text',
          true,
        );
    }
  }
}
