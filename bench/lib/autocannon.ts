// autocannon ships no type declarations: the part the server bench uses, declared once
// (bench/server-load.ts, bench/lib/event-load.ts).
import { createRequire } from 'node:module';

export interface Result {
  // total: every request answered in the run (the CPU per request divides by it)
  requests: { average: number; total: number };
  latency: { p50: number; p99: number };
  non2xx: number;
  errors: number;
  timeouts: number;
  statusCodeStats: Record<string, { count: number }>;
}

/** The raw request `setupRequest` may change. */
export interface RawRequest {
  headers: Record<string, string>;
}

export interface Options {
  url: string;
  method?: string;
  headers?: Record<string, string>;
  body?: string;
  connections: number;
  duration: number;
  /** Each request passes through `setupRequest` (another borrower's cookie and address, event-load.ts). */
  requests?: { setupRequest(request: RawRequest): RawRequest }[];
}

export const autocannon = createRequire(import.meta.url)('autocannon') as (
  options: Options,
) => Promise<Result>;
