import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import {
  LogController,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
} from 'fastify';
import { redactText, redactUrl, redactValue } from './redact.js';

export type LogLevel = 'silent' | 'warn' | 'info';

export const REQUEST_ID_HEADER = 'x-request-id';
/** What we take from a proxy or a client as a request id: short and plain (UUIDs, nginx's hex). */
const SANE_REQUEST_ID = /^[A-Za-z0-9._:=+/-]{1,128}$/;

/** The incoming X-Request-Id when it is sane, so one id follows a request through the proxy; else a new one. */
export function requestIdOf(req: IncomingMessage): string {
  const incoming = req.headers[REQUEST_ID_HEADER];
  return typeof incoming === 'string' && SANE_REQUEST_ID.test(incoming) ? incoming : randomUUID();
}

function serializeRequest(request: FastifyRequest) {
  return { method: request.method, url: redactUrl(request.url), remoteAddress: request.ip };
}

function serializeReply(reply: Pick<FastifyReply, 'statusCode'>) {
  return { statusCode: reply.statusCode };
}

function serializeError(error: Error & { code?: unknown; statusCode?: unknown }) {
  // A body parser's message quotes the body it choked on, which may hold a password.
  const fromBody = error instanceof SyntaxError || /^FST_ERR_CTP_/.test(String(error.code ?? ''));
  const stack = (error.stack ?? '').split('\n').slice(1).join('\n');
  return {
    type: error.name,
    code: error.code,
    statusCode: error.statusCode,
    message: fromBody ? 'the request body could not be parsed' : redactText(String(error.message)),
    stack: redactText(stack),
  };
}

/**
 * One line per request, written when it completes (Fastify's default writes two), at the route's
 * level: the health probes run at `warn`, so balancers polling them do not fill the log.
 */
class RequestLog extends LogController {
  constructor() {
    super({ requestIdLogLabel: 'reqId' });
  }

  override incomingRequest(): void {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    if (this.isLogDisabled(request)) return;
    const fields = { req: request, res: reply, responseTime: Math.round(reply.elapsedTime) };
    if (error) reply.log.error({ ...fields, err: error }, 'request errored');
    else reply.log.info(fields, 'request completed');
  }
}

/**
 * Fastify's logging and request-id options: one JSON object per line on stdout (pino), with ISO
 * time, the level as a word, the request id as `reqId`, and everything redacted (ops/redact.ts).
 */
export function loggingOptions(
  level: LogLevel,
): Pick<FastifyServerOptions, 'logger' | 'genReqId' | 'requestIdHeader' | 'logController'> {
  return {
    logger:
      level === 'silent'
        ? false
        : {
            level,
            timestamp: () => `,"time":"${new Date().toISOString()}"`,
            formatters: {
              level: (label: string) => ({ level: label }),
              log: (object: Record<string, unknown>) => redactValue(object) as Record<string, unknown>,
            },
            serializers: { req: serializeRequest, res: serializeReply, err: serializeError },
            hooks: {
              logMethod(args: unknown[], method: (...a: unknown[]) => void) {
                method.apply(
                  this,
                  args.map((a) => (typeof a === 'string' ? redactText(a) : a)),
                );
              },
            },
          },
    genReqId: requestIdOf,
    // Fastify would take the header as it comes; requestIdOf checks it first.
    requestIdHeader: false,
    logController: new RequestLog(),
  };
}

/** Echoes the request id on every reply, so a caller can quote it and ops can find its lines. */
export function registerRequestId(app: FastifyInstance): void {
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('X-Request-Id', request.id);
    done();
  });
}
