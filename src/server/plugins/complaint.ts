import type { FastifyInstance } from 'fastify';
import { COLLECTION_REFUSED, COLLECTION_TYPE } from '../demo/complaints.js';
import { writeOnce } from '../idempotency/index.js';
import { access, borrowerOf } from '../identity/index.js';
import { fail, ok, registerFamilyErrors } from '../lib/envelope.js';
import {
  complaintTabs,
  detailView,
  findComplaint,
  problemTypes,
  recordScore,
  saveComplaint,
  UploadGone,
} from '../repos/complaints.js';
import { complaintOrderView, findOrder, listOrders } from '../repos/orders.js';
import { orderAsRepaid } from '../repos/repaid.js';
import { ownUploads } from '../repos/uploads.js';
import { complaintSchemas as s } from '../schemas/complaint.js';
import { UPLOAD_URL } from './uploads.js';

export const MAX_COMPLAINT_CHARS = 200;
export const MAX_COMPLAINT_IMAGES = 9;

interface SaveBody {
  problemType: number;
  problemSonType?: number;
  problemDetail: string;
  problemImage?: string;
  orderNo?: string;
}

/** Complaint screens (complaint family: success '00', §7.2). */
export default async function complaintPlugin(app: FastifyInstance): Promise<void> {
  registerFamilyErrors(app, 'complaint');
  const db = app.db;
  const bad = (message: string) => fail('complaint', '400', message);

  app.post('/nepenthes/problem-init', { schema: s.init, ...access.private }, async (request) => {
    const { orderId } = request.body as { orderId?: string };
    const borrower = borrowerOf(request);
    // Each order card shows the order as its borrower's repayments leave it (issue 29 §2).
    const orders = await Promise.all(
      (await listOrders(db, borrower)).map((order) => orderAsRepaid(db, order, borrower.id)),
    );
    const chosen = (orderId && orders.find((o) => o.id === orderId)) || orders[0];
    const types = await problemTypes(db);
    return ok('complaint', {
      problemType: types.problemType,
      problemSonType: types.problemSonType,
      orderDetail: chosen ? complaintOrderView(chosen) : null,
      orderList: orders.map(complaintOrderView),
    });
  });

  app.post('/nepenthes/problem-save', { schema: s.save, ...access.write }, async (request, reply) => {
    const b = request.body as SaveBody;
    const borrower = borrowerOf(request);
    const types = await problemTypes(db);
    if (!types.problemType.some((t) => t.value === b.problemType))
      return reply.code(400).send(bad('Unknown problemType'));
    const son = b.problemType === COLLECTION_TYPE ? (b.problemSonType ?? 0) : 0;
    if (b.problemType === COLLECTION_TYPE && !types.problemSonType.some((t) => t.value === son)) {
      return reply.code(400).send(bad('Please choose a problemSonType'));
    }
    const content = b.problemDetail.trim();
    if (!content) return reply.code(400).send(bad('Please fill in your comments and suggestions'));
    if ([...content].length > MAX_COMPLAINT_CHARS) {
      return reply.code(400).send(bad(`problemDetail must be at most ${MAX_COMPLAINT_CHARS} characters`));
    }
    const images = (b.problemImage ?? '')
      .split(',')
      .map((u) => u.trim())
      .filter(Boolean);
    if (images.length > MAX_COMPLAINT_IMAGES)
      return reply.code(400).send(bad(`At most ${MAX_COMPLAINT_IMAGES} images`));
    const names = images.map((url) => UPLOAD_URL.exec(url)?.[1] ?? '');
    const notUploaded = bad('problemImage must list images you uploaded with upload-problem-image');
    if (names.some((name) => !name) || !(await ownUploads(db, borrower.id, names)))
      return reply.code(400).send(notUploaded);
    const orderNo = (b.orderNo ?? '').trim();
    if (orderNo) {
      const order = await findOrder(db, borrower, orderNo);
      if (!order) return reply.code(404).send(fail('complaint', '404', 'Order not found'));
      // D-13: an explicit per-order flag decides whether collection complaints are admitted.
      if (b.problemType === COLLECTION_TYPE && order.allow_collection !== 1)
        return fail('complaint', '403', COLLECTION_REFUSED);
    }
    const complaint = {
      problemType: b.problemType,
      problemSonType: son,
      content,
      orderNo,
      images,
      uploads: names,
    };
    try {
      // The complaint and the reply to its key commit together (idempotency/once.ts).
      return await writeOnce(request, reply, async (trx) => {
        const problemId = await saveComplaint(trx, borrower.id, complaint);
        return ok('complaint', { problemId }, 'Successfully Sent');
      });
    } catch (error) {
      // The clean-up removed an image between the check and the save (it was a day old and unused).
      if (error instanceof UploadGone) return reply.code(400).send(notUploaded);
      throw error;
    }
  });

  app.post('/nepenthes/problem-list', { schema: s.list, ...access.private }, async (request) => {
    return ok('complaint', { tabs: await complaintTabs(db, borrowerOf(request).id) });
  });

  app.post('/nepenthes/problem-detail', { schema: s.detail, ...access.private }, async (request, reply) => {
    const { problemId } = request.body as { problemId: number };
    const complaint = await findComplaint(db, borrowerOf(request).id, problemId);
    if (!complaint) return reply.code(404).send(fail('complaint', '404', 'Complaint not found'));
    return ok('complaint', await detailView(db, complaint));
  });

  app.post('/nepenthes/save-score', { schema: s.score, ...access.write }, async (request, reply) => {
    const { score, problemId } = request.body as { score: number; problemId: number };
    const complaint = await findComplaint(db, borrowerOf(request).id, problemId);
    if (!complaint) return reply.code(404).send(fail('complaint', '404', 'Complaint not found'));
    return writeOnce(request, reply, async (trx) =>
      (await recordScore(trx, problemId, score))
        ? ok('complaint', {}, 'Thank you for your rating')
        : fail('complaint', '409', 'You have already rated this service'),
    );
  });
}
