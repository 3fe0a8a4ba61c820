import type { Kysely } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations must not depend on today's types */

/** Products, orders and everything the loan and repayment screens read. */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('app_meta')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('products')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('logo', 'text', (c) => c.notNull())
    .addColumn('amount', 'integer', (c) => c.notNull())
    .addColumn('amount_min', 'integer', (c) => c.notNull())
    .addColumn('amount_max', 'integer', (c) => c.notNull())
    .addColumn('periods', 'integer', (c) => c.notNull())
    .addColumn('term_unit', 'text', (c) => c.notNull())
    .addColumn('rate_desc', 'text', (c) => c.notNull())
    .addColumn('button_text', 'text', (c) => c.notNull())
    .addColumn('range_desc', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('tags_json', 'text', (c) => c.notNull())
    .addColumn('enabled', 'integer', (c) => c.notNull())
    .addColumn('sort', 'integer', (c) => c.notNull())
    .addColumn('confirm_json', 'text', (c) => c.notNull())
    .addColumn('jump_kind', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('orders')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('borrower_id', 'text', (c) => c.notNull())
    .addColumn('product_id', 'text', (c) => c.notNull().references('products.id'))
    .addColumn('status', 'integer', (c) => c.notNull())
    .addColumn('amount', 'integer', (c) => c.notNull())
    .addColumn('periods', 'integer', (c) => c.notNull())
    .addColumn('term_unit', 'text', (c) => c.notNull())
    .addColumn('is_delay', 'text', (c) => c.notNull())
    .addColumn('allow_collection', 'integer', (c) => c.notNull())
    .addColumn('details_json', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('orders_borrower_idx')
    .on('orders')
    .columns(['borrower_id', 'created_at'])
    .execute();

  await db.schema
    .createTable('repayment_plans')
    .addColumn('order_id', 'text', (c) => c.primaryKey().references('orders.id'))
    .addColumn('repay_amount', 'integer', (c) => c.notNull())
    .addColumn('repay_date', 'text', (c) => c.notNull())
    .addColumn('detail_json', 'text', (c) => c.notNull())
    .addColumn('notice_msg', 'text', (c) => c.notNull())
    .addColumn('is_show_rey_top', 'integer', (c) => c.notNull())
    .addColumn('pay_code', 'text')
    .addColumn('pay_code_logo', 'text', (c) => c.notNull())
    .addColumn('pay_code_title', 'text', (c) => c.notNull())
    .addColumn('pay_notice_json', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('channels')
    .addColumn('channel_number', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('logo', 'text', (c) => c.notNull())
    .addColumn('sort', 'integer', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('delay_info')
    .addColumn('order_id', 'text', (c) => c.primaryKey().references('orders.id'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('delay_amount', 'integer', (c) => c.notNull())
    .addColumn('next_repay_date', 'text', (c) => c.notNull())
    .addColumn('repay_plan_json', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('agreements')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('scene', 'integer', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('path', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const t of [
    'agreements',
    'delay_info',
    'channels',
    'repayment_plans',
    'orders',
    'products',
    'app_meta',
  ]) {
    await db.schema.dropTable(t).execute();
  }
}
