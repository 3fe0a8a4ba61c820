import type { Selectable } from 'kysely';
import { parseJson } from '../db/json.js';
import type { Db, ProductsTable } from '../db/schema.js';
import type { ConfirmExtras } from '../demo/products.js';
import { addDays, peso, ymd } from '../lib/format.js';

export type ProductRow = Selectable<ProductsTable>;

export async function findProduct(db: Db, id: string): Promise<ProductRow | undefined> {
  return db.selectFrom('products').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function listProducts(db: Db): Promise<ProductRow[]> {
  return db.selectFrom('products').selectAll().orderBy('sort').execute();
}

export const amountRange = (p: ProductRow): string => `${peso(p.amount_min)}-${peso(p.amount_max)}`;

/** A recommended-product entry of loan details (plain names, rulings 17). */
export function recProductView(p: ProductRow) {
  return {
    productId: p.id,
    productLogo: p.logo,
    productName: p.name,
    buttonText: p.button_text,
    amountRange: amountRange(p),
    amountRangeDesc: p.range_desc,
    loanRate: p.rate_desc,
    description: p.description,
    productTags: parseJson<string[]>(p.tags_json, []),
    enabled: p.enabled,
  };
}

export interface LoanQuote {
  amount: number;
  periods: number;
  termUnit: string;
}

/** Loan confirm data (spec §3), computed for today so the dates stay meaningful. */
export function confirmView(p: ProductRow, today: Date) {
  const extras = parseJson<ConfirmExtras>(p.confirm_json, {} as ConfirmExtras);
  const interest = Math.round((p.amount * (extras.interestPerMille ?? 0)) / 1000);
  const fee = extras.serviceFee ?? 0;
  const total = p.amount + interest;
  const due = ymd(addDays(today, p.periods));
  return {
    productId: p.id,
    comProductLogo: p.logo,
    comProductName: p.name,
    amount: p.amount,
    periods: p.periods,
    termUnit: p.term_unit,
    details: [
      { text: 'Loan amount', value: peso(p.amount) },
      { text: 'Interest', value: peso(interest) },
      { text: 'Service fee', value: peso(fee) },
      { text: 'Amount received', value: peso(p.amount - fee) },
      { text: 'Total repayment', value: peso(total) },
    ],
    repay_plans: [{ amount: total, description: 'Principal and interest', pay_time: due }],
    firstPayTime: due,
    firstPeriodDay: extras.firstPeriodDay ?? p.periods,
    pRateDsc: p.rate_desc,
    sendSms: extras.sendSms ?? 0,
    isPopType: extras.isPopType ?? 0,
    popContent: extras.popContent ?? '',
    popTitle: extras.popTitle ?? '',
    popAgreementUrl: extras.popAgreementUrl ?? '',
  };
}

/** What the obfuscated-endpoint variant adds to the confirm data (spec §2.19). */
export function variantConfirmExtras(p: ProductRow) {
  const extras = parseJson<ConfirmExtras>(p.confirm_json, {} as ConfirmExtras);
  return { NewButtonMsg: extras.newButtonMsg ?? 'Go Loan', NewPopMsg: extras.newPopMsg ?? '' };
}

/** Why a quote cannot be pushed, or null when it can. */
export function quoteProblem(p: ProductRow, q: LoanQuote): string | null {
  if (p.enabled !== 1) return 'This product is not available now';
  if (q.amount < p.amount_min || q.amount > p.amount_max) {
    return `amount must be between ${p.amount_min} and ${p.amount_max}`;
  }
  if (q.periods !== p.periods || String(q.termUnit) !== p.term_unit)
    return 'periods and termUnit must match the offer';
  return null;
}
