import type { Selectable } from 'kysely';
import { nowIso, parseJson, toJson } from '../db/json.js';
import { inTransaction } from '../db/lock.js';
import type { ComplaintsTable, Db } from '../db/schema.js';

export type ComplaintRow = Selectable<ComplaintsTable>;

export async function problemTypes(db: Db) {
  const rows = await db.selectFrom('problem_types').selectAll().orderBy('sort').execute();
  const view = (parent: number) =>
    rows.filter((r) => r.parent_value === parent).map((r) => ({ title: r.title, value: r.value }));
  // The spec's init response has one flat sub-type list: the sub-types of type 1 (§2.3).
  return { problemType: view(0), problemSonType: view(1), all: rows };
}

export interface NewComplaint {
  problemType: number;
  problemSonType: number;
  content: string;
  orderNo: string;
  images: string[];
  /** The upload names behind `images`: marked used, so the orphan clean-up keeps them. */
  uploads: string[];
}

/** One of the borrower's uploads is no longer there (removed by the clean-up since it was checked). */
export class UploadGone extends Error {}

/**
 * Complaint and its images in one transaction: a '00' reply means both are stored. Throws
 * UploadGone (and nothing is stored: the caller's transaction rolls back) when an upload is gone:
 * marking them used inside the transaction is what keeps the clean-up off them from then on.
 */
export async function saveComplaint(db: Db, borrower: string, c: NewComplaint): Promise<number> {
  return inTransaction(db, async (trx) => {
    if (c.uploads.length > 0) {
      const marked = await trx
        .updateTable('uploads')
        .set({ attached: 1 })
        .where('name', 'in', c.uploads)
        .where('borrower_id', '=', borrower)
        .executeTakeFirst();
      if (Number(marked.numUpdatedRows) !== new Set(c.uploads).size) throw new UploadGone();
    }
    const row = await trx
      .insertInto('complaints')
      .values({
        borrower_id: borrower,
        problem_type: c.problemType,
        problem_son_type: c.problemSonType,
        content: c.content,
        order_no: c.orderNo,
        status: 'pending',
        dispose_detail: '',
        dispose_images_json: toJson([]),
        score: null,
        created_at: nowIso(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (c.images.length > 0) {
      await trx
        .insertInto('complaint_images')
        .values(c.images.map((url, sort) => ({ complaint_id: row.id, url, sort })))
        .execute();
    }
    return row.id;
  });
}

/** Complaints are private to their borrower (the demo borrower owns the seeded ones). */
export async function findComplaint(db: Db, borrower: string, id: number): Promise<ComplaintRow | undefined> {
  return db
    .selectFrom('complaints')
    .selectAll()
    .where('id', '=', id)
    .where('borrower_id', '=', borrower)
    .executeTakeFirst();
}

export async function complaintImages(db: Db, id: number): Promise<string[]> {
  const rows = await db
    .selectFrom('complaint_images')
    .select('url')
    .where('complaint_id', '=', id)
    .orderBy('sort')
    .execute();
  return rows.map((r) => r.url);
}

export async function complaintTabs(db: Db, borrower: string) {
  const [tabs, rows, types] = await Promise.all([
    db.selectFrom('complaint_tabs').selectAll().orderBy('sort').execute(),
    db
      .selectFrom('complaints')
      .select(['id', 'problem_type', 'content', 'status', 'created_at'])
      .where('borrower_id', '=', borrower)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .execute(),
    problemTypes(db),
  ]);
  const typeTitle = (v: number) => types.problemType.find((t) => t.value === v)?.title ?? String(v);
  return tabs.map((tab) => ({
    title: tab.title,
    status: tab.status_filter,
    list: rows
      .filter((r) => tab.status_filter === 'all' || r.status === tab.status_filter)
      .map((r) => ({
        id: r.id,
        time: Math.floor(Date.parse(r.created_at) / 1000),
        type: typeTitle(r.problem_type),
        content: r.content,
      })),
  }));
}

export async function detailView(db: Db, c: ComplaintRow) {
  const types = await problemTypes(db);
  const title = (parent: number, v: number) =>
    types.all.find((t) => t.parent_value === parent && t.value === v)?.title ?? '';
  return {
    problemId: c.id,
    type: title(0, c.problem_type),
    sonType: c.problem_son_type ? title(c.problem_type, c.problem_son_type) : '',
    problemType: c.problem_type,
    problemSonType: c.problem_son_type,
    orderNo: c.order_no,
    status: c.status,
    time: Math.floor(Date.parse(c.created_at) / 1000),
    content: c.content,
    images: await complaintImages(db, c.id),
    disposeDetail: c.dispose_detail,
    disposeImages: parseJson<string[]>(c.dispose_images_json, []),
    // A complaint can be rated once (D-30 aside, the spec ties the modal to this flag only).
    isNeedScore: c.score === null ? 1 : 0,
    score: c.score ?? 0,
  };
}

/** Records the score only if none exists yet; false when it was already rated. */
export async function recordScore(db: Db, id: number, score: number): Promise<boolean> {
  const result = await db
    .updateTable('complaints')
    .set({ score })
    .where('id', '=', id)
    .where('score', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
