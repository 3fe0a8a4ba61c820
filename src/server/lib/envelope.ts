import type { FastifyError, FastifyInstance } from 'fastify';
import { answeredUnavailable, BUSY_EN, BUSY_ZH } from './unavailable.js';

/**
 * Envelope families of docs/api.md. Code families answer { code, message, data }; v3 answers
 * { success, message, data }. Success codes keep the type each family's readers expect: numeric 0
 * for nepenthes, legacy and promo; the string '00' for complaint and variant.
 */
export type Family = 'nepenthes' | 'complaint' | 'legacy' | 'v3' | 'variant' | 'promo';

export type Code = number | string;

export interface CodeEnvelope {
  code: Code;
  message: string;
  data: unknown;
}

export interface V3Envelope {
  success: boolean;
  message: string;
  data: unknown;
}

const SUCCESS: Record<Exclude<Family, 'v3'>, Code> = {
  nepenthes: 0,
  legacy: 0,
  promo: 0,
  complaint: '00',
  variant: '00',
};

export function ok(
  family: Family,
  data: unknown,
  message = 'success',
  code?: Code,
): CodeEnvelope | V3Envelope {
  if (family === 'v3') return { success: true, message, data };
  return { code: code ?? SUCCESS[family], message, data };
}

export function fail(
  family: Family,
  code: Code,
  message: string,
  data: unknown = null,
): CodeEnvelope | V3Envelope {
  if (family === 'v3') return { success: false, message, data };
  return { code, message, data };
}

/** v3 failures carry no code, only the message (ruling 3: shown when non-empty). */
export const v3Fail = (message: string) => fail('v3', '', message);

/** Which family a path belongs to, for replies made outside a family plugin (404s). */
export function familyOfPath(path: string): Family | null {
  if (/^\/nepenthes\/(problem-|upload-problem-image|save-score)/.test(path)) return 'complaint';
  if (path.startsWith('/nepenthes/repayment-')) return 'legacy';
  if (path.startsWith('/nepenthes/') || path.startsWith('/dev/')) return 'nepenthes';
  if (/^\/(v3|ndustan|service)\//.test(path)) return 'v3';
  if (path.startsWith('/gopia/')) return 'variant';
  if (path.startsWith('/api/')) return 'promo';
  return null;
}

interface ValidationItem {
  keyword: string;
  instancePath: string;
  params: Record<string, unknown>;
  message?: string;
}

/** One readable sentence for the first schema error, e.g. "orderId is required", "score must be <= 5". */
export function validationMessage(error: FastifyError): string {
  const first = (error.validation as ValidationItem[] | undefined)?.[0];
  if (!first) return error.message;
  const field = first.instancePath.replace(/^\//, '').replace(/\//g, '.');
  if (first.keyword === 'required') {
    const missing = String(first.params.missingProperty ?? '');
    return `${field ? `${field}.` : ''}${missing} is required`;
  }
  const subject = field || (error.validationContext ?? 'request');
  if (first.keyword === 'type') return `${subject} must be ${String(first.params.type)}`;
  if (first.keyword === 'enum') {
    return `${subject} must be one of ${(first.params.allowedValues as unknown[]).map(String).join(', ')}`;
  }
  return `${subject} ${first.message ?? 'is invalid'}`;
}

const CLIENT_ERROR_MESSAGES: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'The request body is not valid JSON',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'The request body is empty',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Unsupported content type',
  FST_ERR_CTP_BODY_TOO_LARGE: 'The request body is too large',
  FST_REQ_FILE_TOO_LARGE: 'The image is larger than 5 MB',
  FST_FILES_LIMIT: 'Upload one image at a time',
  FST_INVALID_MULTIPART_CONTENT_TYPE: 'The upload must be multipart/form-data',
};

/** The sentence of a 503 (a database fault) in each family's language. */
export const UNAVAILABLE_MESSAGE: Record<Family, string> = {
  nepenthes: BUSY_EN,
  complaint: BUSY_EN,
  v3: BUSY_EN,
  variant: BUSY_EN,
  legacy: BUSY_ZH,
  promo: BUSY_ZH,
};

const familyUnavailable = (family: Family) => (message: string) => fail(family, '503', message);

/**
 * Every error inside a family plugin answers in that family's envelope: schema errors 400 with the
 * sentence above, other client errors with their status, a database fault 503 with a sentence the
 * borrower can act on (lib/unavailable.ts), anything unexpected 500 (logged, no detail).
 */
export function registerFamilyErrors(app: FastifyInstance, family: Family): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error.validation) {
      return reply.code(400).send(fail(family, '400', validationMessage(error)));
    }
    if (answeredUnavailable(error, reply, familyUnavailable(family), UNAVAILABLE_MESSAGE[family]))
      return reply;
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const message = (error.code && CLIENT_ERROR_MESSAGES[error.code]) || error.message || 'Bad request';
      return reply.code(status).send(fail(family, String(status), message));
    }
    request.log.error({ err: error }, 'request failed');
    return reply.code(500).send(fail(family, '500', 'Internal server error'));
  });
}
