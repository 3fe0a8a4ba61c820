// The endpoint families of docs/api.md (ruling 16, D-19): which client, which envelope, what
// counts as success, and what the borrower is told when it fails. A table, one row per family.
import type { ApiResult } from '../../renderer/host';

/** The two HTTP clients of the spec: JSON bodies, and form-encoded ones. */
export type ClientKind = 'json' | 'form';

export const NETWORK_MESSAGE = 'Network error, please try again';
/** Registration and legacy pages say this on a transport failure (§8, ruling 2). */
export const NETWORK_MESSAGE_SHORT = 'error';

export interface Envelope {
  code?: unknown;
  success?: unknown;
  message?: unknown;
  data?: unknown;
}

export interface Family {
  client: ClientKind;
  /** Added in front of paths that do not already start with it (the shared helper's /nepenthes). */
  prefix?: string;
  succeeded(body: Envelope): boolean;
  /** Toast the server's message on a failed reply unless the call says otherwise. */
  toastFailure: boolean;
  /** The toast on a transport failure. */
  networkMessage: string;
}

const codeIsZero = (body: Envelope) =>
  (typeof body.code === 'number' || (typeof body.code === 'string' && body.code.trim() !== '')) &&
  Number(body.code) === 0;
const codeIs00 = (body: Envelope) => body.code === '00';
const successTrue = (body: Envelope) => body.success === true;

export const FAMILIES = {
  nepenthes: {
    client: 'form',
    prefix: '/nepenthes',
    succeeded: codeIsZero,
    toastFailure: true,
    networkMessage: NETWORK_MESSAGE,
  },
  complaint: {
    client: 'form',
    prefix: '/nepenthes',
    succeeded: codeIs00,
    toastFailure: true,
    networkMessage: NETWORK_MESSAGE,
  },
  // The screen maps 800005/800006 itself.
  legacy: {
    client: 'form',
    prefix: '/nepenthes',
    succeeded: codeIsZero,
    toastFailure: false,
    networkMessage: NETWORK_MESSAGE_SHORT,
  },
  // Ruling 3: the message is shown when the reply has one (empty messages are never toasted).
  v3: { client: 'json', succeeded: successTrue, toastFailure: true, networkMessage: NETWORK_MESSAGE },
  variant: { client: 'json', succeeded: codeIs00, toastFailure: true, networkMessage: NETWORK_MESSAGE },
  // The registration screens map every code (§8).
  promo: {
    client: 'json',
    succeeded: codeIsZero,
    toastFailure: false,
    networkMessage: NETWORK_MESSAGE_SHORT,
  },
} as const satisfies Record<string, Family>;

export type FamilyName = keyof typeof FAMILIES;

export function familyOf(api: string): Family | undefined {
  return Object.prototype.hasOwnProperty.call(FAMILIES, api) ? FAMILIES[api as FamilyName] : undefined;
}

/** The family's reading of a reply body (the clients' response interceptor); null: no envelope. */
export function readEnvelope(family: Family, body: unknown): ApiResult | null {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return null;
  const envelope = body as Envelope;
  const { code, message } = envelope;
  const result: ApiResult = {
    ok: family.succeeded(envelope),
    message: typeof message === 'string' ? message : message == null ? '' : String(message),
    data: envelope.data,
  };
  if (typeof code === 'string' || typeof code === 'number') result.code = code;
  return result;
}
