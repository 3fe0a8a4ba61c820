import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance, InjectOptions } from 'fastify';
import pg from 'pg';
import { buildServer, type ServerOptions } from '../../src/server/app.js';

export type Backend = 'sqlite' | 'postgres';

/** A parsed reply: its shape is what the assertions check, so it is deliberately loose here. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Reply = Record<string, any>;

/** The API suites run on SQLite always, and on PostgreSQL too when DATABASE_URL is set. */
export const backends: Backend[] = ['sqlite', ...(process.env.DATABASE_URL ? (['postgres'] as const) : [])];

export interface TestServer {
  app: FastifyInstance;
  dir: string;
  /** A second server on the same database and folders: another instance of the same deployment. */
  twin(): Promise<FastifyInstance>;
  close(): Promise<void>;
}

/** A fresh seeded server on its own database (SQLite in memory, or a private PostgreSQL schema). */
export async function startServer(backend: Backend, extra: ServerOptions = {}): Promise<TestServer> {
  const dir = mkdtempSync(join(tmpdir(), 'lender-test-'));
  const schema = `t_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
  const options: ServerOptions = {
    ...(backend === 'postgres'
      ? { databaseUrl: process.env.DATABASE_URL, pgSchema: schema }
      : { sqlitePath: ':memory:' }),
    uploadsDir: join(dir, 'uploads'),
    screensDir: join(dir, 'screens'),
    distDir: join(dir, 'dist'),
    // The demo accounts are hashed at each start: the production cost (32 MiB of scrypt each) would
    // add seconds to every test server on a loaded machine. Tests of hashing pass their own.
    passwordCost: 4,
    ...extra,
  };
  const app = await buildServer(options);
  const twins: FastifyInstance[] = [];
  return {
    app,
    dir,
    async twin() {
      if (backend !== 'postgres') throw new Error('a twin shares a PostgreSQL schema');
      const other = await buildServer(options);
      twins.push(other);
      return other;
    },
    async close() {
      for (const other of twins) await other.close();
      await app.close();
      if (backend === 'postgres') await dropSchema(schema);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export async function dropSchema(schema: string): Promise<void> {
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
  try {
    await client.query(`drop schema if exists "${schema}" cascade`);
  } finally {
    await client.end();
  }
}

/** Form-encoded body as the shared form client sends it (numbers become strings). */
export function form(fields: Record<string, string | number>): Pick<InjectOptions, 'payload' | 'headers'> {
  const body = new URLSearchParams(Object.entries(fields).map(([k, v]) => [k, String(v)])).toString();
  return { payload: body, headers: { 'content-type': 'application/x-www-form-urlencoded' } };
}

export async function post(app: FastifyInstance, url: string, body: Record<string, unknown> = {}) {
  const res = await app.inject({ method: 'POST', url, payload: body as Record<string, string> });
  return { status: res.statusCode, body: res.json() as Reply };
}

export async function postForm(
  app: FastifyInstance,
  url: string,
  fields: Record<string, string | number> = {},
) {
  const res = await app.inject({ method: 'POST', url, ...form(fields) });
  return { status: res.statusCode, body: res.json() as Reply };
}

export async function get(app: FastifyInstance, url: string) {
  const res = await app.inject({ method: 'GET', url });
  return { status: res.statusCode, body: res.json() as Reply };
}

/** multipart/form-data with one file part. */
export function multipart(field: string, filename: string, data: Buffer, type = 'application/octet-stream') {
  const boundary = `----lender${Math.random().toString(16).slice(2)}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    payload: Buffer.concat([head, data, tail]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** A valid 1x1 PNG. */
export const PNG_1PX = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c63f8cfc0f01f0005000201e2a5a4b80000000049454e44ae426082',
  'hex',
);
export const JPEG_HEAD = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46, 0, 1]);

/** An upload as the borrower `c-user` (uploads need a session; complaint.test.ts saves as c-user). */
export async function upload(
  app: FastifyInstance,
  data: Buffer = PNG_1PX,
  filename = 'proof.png',
  query = '?sessionId=c-user',
) {
  const res = await app.inject({
    method: 'POST',
    url: `/nepenthes/upload-problem-image${query}`,
    ...multipart('problemImage', filename, data, 'image/png'),
  });
  return { status: res.statusCode, body: res.json() as Reply };
}

export const HOSTILE = [
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  'javascript:alert(document.cookie)',
  "Robert'); DROP TABLE complaints;--",
  '" OR 1=1 --',
  '\u202e\u0000 null byte and bidi',
];
