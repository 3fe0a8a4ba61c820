import type { Kysely } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations must not depend on today's types */

/**
 * Issue 28 item 5: each claim of an idempotency key carries a random token, so the write's own
 * transaction can finish exactly its claim (src/server/idempotency/once.ts) and a claim taken over
 * after its owner died can never be finished by the old owner. Rows made before have ''.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('idempotency_keys')
    .addColumn('claim', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('idempotency_keys').dropColumn('claim').execute();
}
