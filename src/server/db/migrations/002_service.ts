import type { Kysely } from 'kysely';
import { withSerialId } from './helpers.js';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations must not depend on today's types */

/** Bank binding, complaints with images and ratings, uploads, customer-service contact. */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('bank_form_items')
    .addColumn('code', 'text', (c) => c.primaryKey())
    .addColumn('sort', 'integer', (c) => c.notNull())
    .addColumn('cate', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('subtitle', 'text', (c) => c.notNull())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('note_json', 'text', (c) => c.notNull())
    .addColumn('card_type_mi', 'integer', (c) => c.notNull())
    .addColumn('channel_number', 'text', (c) => c.notNull())
    .addColumn('input_type', 'text', (c) => c.notNull())
    .execute();

  await withSerialId(db, db.schema.createTable('bank_cards'))
    .addColumn('borrower_id', 'text', (c) => c.notNull())
    .addColumn('product_id', 'text', (c) => c.notNull())
    .addColumn('card_type', 'integer', (c) => c.notNull())
    .addColumn('bank_name', 'text', (c) => c.notNull())
    .addColumn('card_no', 'text', (c) => c.notNull())
    .addColumn('bank_code', 'text', (c) => c.notNull())
    .addColumn('fields_json', 'text', (c) => c.notNull())
    .addColumn('is_change', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('bank_cards_borrower_idx').on('bank_cards').column('borrower_id').execute();

  await db.schema
    .createTable('problem_types')
    .addColumn('value', 'integer', (c) => c.notNull())
    .addColumn('parent_value', 'integer', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('sort', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('problem_types_pk', ['parent_value', 'value'])
    .execute();

  await withSerialId(db, db.schema.createTable('complaints'))
    .addColumn('borrower_id', 'text', (c) => c.notNull())
    .addColumn('problem_type', 'integer', (c) => c.notNull())
    .addColumn('problem_son_type', 'integer', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('order_no', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('dispose_detail', 'text', (c) => c.notNull())
    .addColumn('dispose_images_json', 'text', (c) => c.notNull())
    .addColumn('score', 'integer')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('complaints_borrower_idx')
    .on('complaints')
    .columns(['borrower_id', 'created_at'])
    .execute();

  await withSerialId(db, db.schema.createTable('complaint_images'))
    .addColumn('complaint_id', 'integer', (c) => c.notNull().references('complaints.id'))
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('sort', 'integer', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('complaint_images_complaint_idx')
    .on('complaint_images')
    .column('complaint_id')
    .execute();

  await db.schema
    .createTable('complaint_tabs')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('status_filter', 'text', (c) => c.notNull())
    .addColumn('sort', 'integer', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('uploads')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('borrower_id', 'text', (c) => c.notNull())
    .addColumn('mime', 'text', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('contact_info')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('sm_wa', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const t of [
    'contact_info',
    'uploads',
    'complaint_tabs',
    'complaint_images',
    'complaints',
    'problem_types',
    'bank_cards',
    'bank_form_items',
  ]) {
    await db.schema.dropTable(t).execute();
  }
}
