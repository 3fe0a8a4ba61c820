import type { Transaction } from 'kysely';
import { demoBankCards, demoBankItems } from '../demo/bank.js';
import { demoComplaints, demoComplaintTabs, demoContact, demoProblemTypes } from '../demo/complaints.js';
import { buildDemoOrders } from '../demo/orders.js';
import { demoAgreements, demoChannels, demoProducts } from '../demo/products.js';
import { demoRegisteredPhones, demoTemplates } from '../demo/promo.js';
import { buildDemoDelays, buildDemoPlans } from '../demo/repayment.js';
import { DEMO_BORROWER } from '../identity/types.js';
import { addDays } from '../lib/format.js';
import { toJson } from './json.js';
import type { Database, Db } from './schema.js';

const SEED_KEY = 'demo_seeded_at';

/**
 * Seeds the demo data once. The marker row is written in the same transaction as the data, so a
 * crash mid-seed leaves nothing and the next start seeds again; a seeded database is never touched.
 */
export async function seedDemo(db: Db, now = new Date()): Promise<boolean> {
  const marker = await db
    .selectFrom('app_meta')
    .select('value')
    .where('key', '=', SEED_KEY)
    .executeTakeFirst();
  if (marker) return false;
  await db.transaction().execute(async (trx) => {
    await trx.insertInto('app_meta').values({ key: SEED_KEY, value: now.toISOString() }).execute();
    await seedLoans(trx, now);
    await seedService(trx, now);
    await seedPromo(trx, now);
  });
  return true;
}

async function seedLoans(trx: Transaction<Database>, now: Date): Promise<void> {
  await trx
    .insertInto('products')
    .values(
      demoProducts.map((p, i) => ({
        id: p.id,
        name: p.name,
        logo: p.logo,
        amount: p.amount,
        amount_min: p.amountMin,
        amount_max: p.amountMax,
        periods: p.periods,
        term_unit: p.termUnit,
        rate_desc: p.rateDesc,
        button_text: p.buttonText,
        range_desc: p.rangeDesc,
        description: p.description,
        tags_json: toJson(p.tags),
        enabled: p.enabled,
        sort: i,
        confirm_json: toJson(p.confirm),
        jump_kind: p.jumpKind,
      })),
    )
    .execute();
  await trx
    .insertInto('channels')
    .values(
      demoChannels.map((c, i) => ({ channel_number: c.channelNumber, name: c.name, logo: c.logo, sort: i })),
    )
    .execute();
  await trx.insertInto('agreements').values(demoAgreements).execute();
  await trx
    .insertInto('orders')
    .values(
      buildDemoOrders(now).map((o) => ({
        id: o.id,
        borrower_id: o.borrowerId,
        product_id: o.productId,
        status: o.status,
        amount: o.amount,
        periods: o.periods,
        term_unit: '1',
        is_delay: o.isDelay,
        allow_collection: o.allowCollection,
        details_json: toJson(o.details),
        created_at: o.createdAt,
      })),
    )
    .execute();
  await trx
    .insertInto('repayment_plans')
    .values(
      buildDemoPlans(now).map((p) => ({
        order_id: p.orderId,
        repay_amount: p.repayAmount,
        repay_date: p.repayDate,
        detail_json: toJson(p.detail),
        notice_msg: p.noticeMsg,
        is_show_rey_top: p.isShowReyTop,
        pay_code: p.payCode,
        pay_code_logo: p.payCodeLogo,
        pay_code_title: p.payCodeTitle,
        pay_notice_json: toJson(p.payNotice),
      })),
    )
    .execute();
  await trx
    .insertInto('delay_info')
    .values(
      buildDemoDelays(now).map((d) => ({
        order_id: d.orderId,
        title: d.title,
        delay_amount: d.delayAmount,
        next_repay_date: d.nextRepayDate,
        repay_plan_json: toJson(d.repayPlan),
      })),
    )
    .execute();
}

async function seedService(trx: Transaction<Database>, now: Date): Promise<void> {
  await trx
    .insertInto('bank_form_items')
    .values(
      demoBankItems.map((b, i) => ({
        code: b.code,
        sort: i,
        cate: b.cate,
        title: b.title,
        subtitle: b.subtitle,
        value: b.value,
        note_json: toJson(b.note),
        card_type_mi: b.cardTypeMi,
        channel_number: b.channelNumber,
        input_type: b.inputType,
      })),
    )
    .execute();
  for (const card of demoBankCards) {
    await trx
      .insertInto('bank_cards')
      .values({
        borrower_id: DEMO_BORROWER,
        product_id: 'P-1',
        card_type: 1,
        bank_name: card.bankName,
        card_no: card.cardNo,
        bank_code: card.bankCode,
        fields_json: toJson(card.fields),
        is_change: 0,
        created_at: now.toISOString(),
      })
      .execute();
  }
  await trx
    .insertInto('problem_types')
    .values(
      demoProblemTypes.map((t, i) => ({ value: t.value, parent_value: t.parent, title: t.title, sort: i })),
    )
    .execute();
  await trx
    .insertInto('complaint_tabs')
    .values(
      demoComplaintTabs.map((t, i) => ({ id: t.id, title: t.title, status_filter: t.statusFilter, sort: i })),
    )
    .execute();
  for (const c of demoComplaints) {
    const row = await trx
      .insertInto('complaints')
      .values({
        borrower_id: DEMO_BORROWER,
        problem_type: c.problemType,
        problem_son_type: c.problemSonType,
        content: c.content,
        order_no: c.orderNo,
        status: c.status,
        dispose_detail: c.disposeDetail,
        dispose_images_json: toJson(c.disposeImages),
        score: c.score,
        created_at: addDays(now, -c.ageDays).toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (c.status === 'pending') {
      await trx
        .insertInto('complaint_images')
        .values({ complaint_id: row.id, url: '/assets-demo/status-180.svg', sort: 0 })
        .execute();
    }
  }
  await trx
    .insertInto('contact_info')
    .values({ id: 1, email: demoContact.email, sm_wa: demoContact.smWa })
    .execute();
}

async function seedPromo(trx: Transaction<Database>, now: Date): Promise<void> {
  await trx
    .insertInto('landing_templates')
    .values(demoTemplates.map((t) => ({ id: t.id, config_json: toJson(t.config) })))
    .execute();
  for (const phone of demoRegisteredPhones) {
    await trx
      .insertInto('registrations')
      .values({
        phone,
        sid: 'seed',
        app_name: 'pesoquick',
        template_id: '1',
        app_from: 'seed',
        user_from: 'seed',
        utm_tag: '',
        invite_code: '',
        created_at: now.toISOString(),
      })
      .execute();
  }
}
