import type { Kysely } from 'kysely';
import { appendOnly } from './020_audit.js';
import { withSerialId } from './helpers.js';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations must not depend on today's types */

/**
 * Published content (src/server/publishing/): documents (screens, the manifest; parts later) with
 * their immutable revisions, drafts under review, publications and baseline conflicts.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('content_documents')
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('live_revision_id', 'integer')
    .addColumn('live_publication_id', 'integer')
    .addColumn('baseline_revision_id', 'integer')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('content_documents_pk', ['kind', 'name'])
    .execute();

  await withSerialId(db, db.schema.createTable('content_revisions'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('parent_id', 'integer')
    .addColumn('draft_id', 'integer')
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('hash', 'text', (c) => c.notNull())
    .addColumn('author', 'text', (c) => c.notNull())
    .addColumn('author_id', 'integer')
    .addColumn('message', 'text', (c) => c.notNull())
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('errors', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('content_revisions_doc_idx')
    .on('content_revisions')
    .columns(['kind', 'name', 'id'])
    .execute();
  await db.schema
    .createIndex('content_revisions_draft_idx')
    .on('content_revisions')
    .column('draft_id')
    .execute();
  await appendOnly(db, 'content_revisions');

  await withSerialId(db, db.schema.createTable('content_drafts'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    // '<kind>:<name>' while the draft is open, null once closed: one open draft per document.
    .addColumn('open_key', 'text', (c) => c.unique())
    .addColumn('base_revision_id', 'integer')
    .addColumn('head_revision_id', 'integer', (c) => c.notNull())
    .addColumn('created_by', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_by', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('review_message', 'text', (c) => c.notNull())
    .addColumn('review_comment', 'text', (c) => c.notNull())
    .addColumn('reviewed_by', 'text')
    .addColumn('publish_at', 'text')
    .addColumn('ends_at', 'text')
    .addColumn('end_fallback', 'text')
    .addColumn('scheduled_by', 'text')
    .addColumn('scheduled_by_id', 'integer')
    .addColumn('publication_id', 'integer')
    .execute();
  await db.schema
    .createIndex('content_drafts_status_idx')
    .on('content_drafts')
    .columns(['status', 'publish_at'])
    .execute();

  await withSerialId(db, db.schema.createTable('content_publications'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('revision_id', 'integer', (c) => c.notNull())
    .addColumn('previous_revision_id', 'integer')
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('draft_id', 'integer')
    .addColumn('published_by', 'text', (c) => c.notNull())
    .addColumn('published_at', 'text', (c) => c.notNull())
    .addColumn('four_eyes_waived', 'integer', (c) => c.notNull())
    .addColumn('message', 'text', (c) => c.notNull())
    .addColumn('ends_at', 'text')
    .addColumn('end_fallback', 'text')
    .addColumn('ended_at', 'text')
    .addColumn('end_result', 'text')
    .execute();
  await db.schema
    .createIndex('content_publications_doc_idx')
    .on('content_publications')
    .columns(['kind', 'name', 'id'])
    .execute();
  await db.schema
    .createIndex('content_publications_end_idx')
    .on('content_publications')
    .columns(['ended_at', 'ends_at'])
    .execute();

  await withSerialId(db, db.schema.createTable('content_conflicts'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('baseline_revision_id', 'integer', (c) => c.notNull())
    .addColumn('previous_baseline_revision_id', 'integer')
    .addColumn('live_revision_id', 'integer')
    .addColumn('problems_json', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('resolved_by', 'text')
    .addColumn('resolved_at', 'text')
    .execute();
  await db.schema
    .createIndex('content_conflicts_status_idx')
    .on('content_conflicts')
    .column('status')
    .execute();
}
