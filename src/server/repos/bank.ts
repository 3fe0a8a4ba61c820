import { nowIso, parseJson, toJson } from '../db/json.js';
import type { Db } from '../db/schema.js';
import { DEFAULT_BANK_CHANNEL } from '../demo/bank.js';
import type { Borrower } from '../identity/index.js';

export interface BankItem {
  code: string;
  cate: string;
  title: string;
  subtitle: string;
  value: string;
  note: Array<{ name: string; type: string }>;
  cardTypeMi: number;
  channelNumber: string;
  inputType: string;
}

/**
 * The form, prefilled with the signed-in borrower's latest card so a change starts from what they
 * have. The one reply with a full card number (docs/decisions.md, issue 20): a field's `value` is
 * what the page shows and what Next sends back, so a masked one would bind a wrong number. The demo
 * fallback of a request without a session gets the empty form.
 */
export async function bankForm(db: Db, borrower: Borrower): Promise<BankItem[]> {
  const rows = await db.selectFrom('bank_form_items').selectAll().orderBy('sort').execute();
  const latest = !borrower.signedIn
    ? undefined
    : await db
        .selectFrom('bank_cards')
        .select('fields_json')
        .where('borrower_id', '=', borrower.id)
        .orderBy('id', 'desc')
        .executeTakeFirst();
  const current = parseJson<Record<string, string>>(latest?.fields_json, {});
  return rows.map((r) => ({
    code: r.code,
    cate: r.cate,
    title: r.title,
    subtitle: r.subtitle,
    value: current[r.code] ?? r.value,
    note: parseJson(r.note_json, []),
    cardTypeMi: r.card_type_mi,
    channelNumber: r.channel_number,
    inputType: r.input_type,
  }));
}

/**
 * Server-side check of a bind payload with the screen's own visibility rules (D-24, D-25): only the
 * fields visible for the chosen card type and channel are required and kept. Returns the kept fields
 * or the first problem as a message.
 */
export function checkBinding(
  items: BankItem[],
  body: Record<string, unknown>,
): { fields: Record<string, string> } | { problem: string } {
  const text = (code: string) =>
    body[code] === undefined || body[code] === null ? '' : String(body[code]).trim();
  const cardType = text('cardType');
  const cardTypeItem = items.find((i) => i.code === 'cardType');
  if (!cardTypeItem?.note.some((o) => o.type === cardType))
    return { problem: 'Please choose the account type' };
  const channelItem = items.find(
    (i) => i.cate === 'enum' && i.cardTypeMi === 1 && !i.channelNumber && i.code !== 'cardType',
  );
  const channel = (channelItem && text(channelItem.code)) || DEFAULT_BANK_CHANNEL;
  const fields: Record<string, string> = { cardType };
  for (const item of items) {
    if (item.code === 'cardType') continue;
    if (item.cardTypeMi !== 0 && String(item.cardTypeMi) !== cardType) continue;
    if (
      cardType === '1' &&
      item.channelNumber &&
      item.channelNumber !== '0' &&
      item.channelNumber !== channel
    )
      continue;
    const value = item === channelItem ? channel : text(item.code);
    const optional = item.cardTypeMi === 0;
    if (!value) {
      if (optional) continue;
      return { problem: `Please fill in ${item.title}` };
    }
    if (value.length > 64) return { problem: `${item.title} is too long` };
    if (item.cate === 'enum' && !item.note.some((o) => o.type === value))
      return { problem: `Please choose ${item.title}` };
    if (item.cate === 'city' && !item.note.some((o) => o.name === value))
      return { problem: `Please choose ${item.title}` };
    if (item.cate === 'day' && !(/^\d{1,2}$/.test(value) && Number(value) >= 1 && Number(value) <= 31)) {
      return { problem: `${item.title} must be a day from 1 to 31` };
    }
    if (item.cate === 'text' && !/^\d+$/.test(value))
      return { problem: `${item.title} must contain digits only` };
    fields[item.code] = value;
  }
  return { fields };
}

export async function saveCard(
  db: Db,
  borrower: Borrower,
  productId: string,
  items: BankItem[],
  fields: Record<string, string>,
  isChange: boolean,
): Promise<number> {
  const cardType = Number(fields.cardType);
  const pick = (code: string) =>
    items.find((i) => i.code === code)?.note.find((o) => o.type === fields[code])?.name ?? '';
  const row = await db
    .insertInto('bank_cards')
    .values({
      borrower_id: borrower.id,
      product_id: productId,
      card_type: cardType,
      bank_name: cardType === 1 ? pick('bankChannel') : pick('walletType'),
      card_no: (cardType === 1 ? fields.bankAccount : fields.walletPhone) ?? '',
      bank_code: (cardType === 1 ? fields.bankChannel : fields.walletType) ?? '',
      fields_json: toJson(fields),
      is_change: isChange ? 1 : 0,
      created_at: nowIso(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/**
 * Bank cards a borrower can repay from (legacy flow): their own and, in demo mode, the seeded demo
 * cards. The number is masked on the way out.
 */
export async function repayCards(db: Db, borrower: Borrower) {
  const rows = await db
    .selectFrom('bank_cards')
    .select(['id', 'bank_name', 'card_no', 'bank_code'])
    .where('borrower_id', 'in', borrower.readable)
    .where('card_type', '=', 1)
    .orderBy('id')
    .execute();
  return rows.map((r) => ({
    id: r.id,
    bankName: r.bank_name,
    cardNo: maskCard(r.card_no),
    bankCode: r.bank_code,
  }));
}

export const maskCard = (no: string): string => (no.length <= 4 ? no : `**** ${no.slice(-4)}`);
