import type { Kysely } from 'kysely';
import { withSerialId } from './helpers.js';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations must not depend on today's types */

/** Registration (templates, captcha sessions, SMS codes), analytics events, payments, legacy repayment. */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('landing_templates')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('config_json', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('captcha_sessions')
    .addColumn('sid', 'text', (c) => c.primaryKey())
    .addColumn('text', 'text')
    .addColumn('attempts', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await withSerialId(db, db.schema.createTable('sms_codes'))
    .addColumn('phone', 'text', (c) => c.notNull())
    .addColumn('sid', 'text', (c) => c.notNull())
    .addColumn('code', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull())
    .addColumn('used', 'integer', (c) => c.notNull())
    .addColumn('sent_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('sms_codes_phone_idx').on('sms_codes').columns(['phone', 'sent_at']).execute();

  await withSerialId(db, db.schema.createTable('registrations'))
    .addColumn('phone', 'text', (c) => c.notNull().unique())
    .addColumn('sid', 'text', (c) => c.notNull())
    .addColumn('app_name', 'text', (c) => c.notNull())
    .addColumn('template_id', 'text', (c) => c.notNull())
    .addColumn('app_from', 'text', (c) => c.notNull())
    .addColumn('user_from', 'text', (c) => c.notNull())
    .addColumn('utm_tag', 'text', (c) => c.notNull())
    .addColumn('invite_code', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await withSerialId(db, db.schema.createTable('events'))
    .addColumn('borrower_id', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('payload_json', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await withSerialId(db, db.schema.createTable('pay_requests'))
    .addColumn('borrower_id', 'text', (c) => c.notNull())
    .addColumn('order_id', 'text', (c) => c.notNull().references('orders.id'))
    .addColumn('channel_number', 'text', (c) => c.notNull())
    .addColumn('amount', 'integer', (c) => c.notNull())
    .addColumn('is_delay', 'integer', (c) => c.notNull())
    .addColumn('token', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('legacy_repay_tokens')
    .addColumn('token', 'text', (c) => c.primaryKey())
    .addColumn('order_id', 'text', (c) => c.notNull().references('orders.id'))
    .addColumn('borrower_id', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await withSerialId(db, db.schema.createTable('legacy_repayments'))
    .addColumn('order_id', 'text', (c) => c.notNull().references('orders.id'))
    .addColumn('repay_token', 'text', (c) => c.notNull())
    .addColumn('borrower_id', 'text', (c) => c.notNull())
    .addColumn('card_id', 'integer', (c) => c.notNull())
    .addColumn('amount', 'integer', (c) => c.notNull())
    .addColumn('coupon_id', 'text', (c) => c.notNull())
    .addColumn('need_valid', 'integer', (c) => c.notNull())
    .addColumn('verify_code', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    // The database, not a read-then-write check, makes a second submit of one token impossible.
    .addUniqueConstraint('legacy_repayments_once', ['order_id', 'repay_token'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const t of [
    'legacy_repayments',
    'legacy_repay_tokens',
    'pay_requests',
    'events',
    'registrations',
    'sms_codes',
    'captcha_sessions',
    'landing_templates',
  ]) {
    await db.schema.dropTable(t).execute();
  }
}
