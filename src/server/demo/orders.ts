import { addDays, peso, ymd } from '../lib/format.js';
import { DEMO_BORROWER } from '../identity/types.js';

/** Display fields of loan details kept per order (JSON column `details_json`). */
export interface OrderDetails {
  noticeStatusText: string;
  noticeDesText: string;
  statusText: string;
  detail: Array<{ text: string; value: string }>;
  inside: string;
  h5Url: string;
  isScore: string;
  playeduL: string;
  reyMsg: string;
  KindTipsMsg: string;
  cardNeedPop: number;
  cardPopTitle: string;
  cardPopMsg: string;
}

export interface DemoOrder {
  id: string;
  borrowerId: string;
  productId: string;
  status: number;
  amount: number;
  periods: number;
  isDelay: '0' | '1';
  allowCollection: number;
  createdAt: string;
  details: OrderDetails;
}

interface Spec {
  id: string;
  productId: string;
  status: number;
  amount: number;
  isDelay?: '1';
  allowCollection?: number;
  statusText: string;
  notice: [string, string];
  /** days from the seed date to the due date (negative = overdue) */
  dueInDays: number;
  extra?: Partial<OrderDetails>;
}

const cardPop = {
  cardNeedPop: 1,
  cardPopTitle: 'Update your bank card',
  cardPopMsg: 'The last transfer to your card failed. Bind a new card to receive your money.',
};

const specs: Spec[] = [
  {
    id: 'ORD-21',
    productId: 'P-1',
    status: 21,
    amount: 500000,
    statusText: 'Approved',
    dueInDays: 91,
    notice: ['Loan approved', 'Confirm the withdrawal to receive your cash.'],
    extra: {
      reyMsg: 'Your cash of ₱5000.00 is ready. Withdraw it now?',
      playeduL: '/loan/confirm?productId=P-1',
    },
  },
  {
    id: 'ORD-110',
    productId: 'P-2',
    status: 110,
    amount: 300000,
    statusText: 'Under review',
    dueInDays: 120,
    notice: ['Under review', 'We are reviewing your application. The decision is issued within 1 day.'],
  },
  {
    id: 'ORD-151',
    productId: 'P-4',
    status: 151,
    amount: 1000000,
    statusText: 'Disbursing',
    dueInDays: 365,
    notice: ['Disbursing', 'The loan is credited within 1 to 3 calendar days.'],
  },
  {
    id: 'ORD-170',
    productId: 'P-1',
    status: 170,
    amount: 500000,
    statusText: 'Repaying',
    dueInDays: 12,
    notice: ['Repaying', 'Repay on time to keep a good credit record.'],
    extra: cardPop,
  },
  {
    id: 'ORD-174',
    productId: 'P-2',
    status: 174,
    amount: 300000,
    statusText: 'Due today',
    dueInDays: 0,
    notice: ['Due today', 'Please repay today to avoid late fees.'],
    extra: { KindTipsMsg: 'Pay with the contract number shown on the next page. Keep your receipt.' },
  },
  {
    id: 'ORD-174-D',
    productId: 'P-1',
    status: 174,
    amount: 500000,
    isDelay: '1',
    statusText: 'Due today',
    dueInDays: 0,
    notice: ['Due today', 'Repay today, or extend the loan by paying the extension fee.'],
  },
  {
    id: 'ORD-180',
    productId: 'P-4',
    status: 180,
    amount: 1000000,
    statusText: 'Overdue',
    dueInDays: -5,
    notice: ['Overdue 5 days', 'Late fees are growing every day. Please repay as soon as possible.'],
    extra: { h5Url: '/demo/pay?orderId=ORD-180&source=h5' },
  },
  {
    id: 'ORD-180-D',
    productId: 'P-2',
    status: 180,
    amount: 300000,
    isDelay: '1',
    statusText: 'Overdue',
    dueInDays: -3,
    notice: ['Overdue 3 days', 'Short of money? Extend the loan by paying the extension fee.'],
    extra: {
      KindTipsMsg: 'Extension keeps your credit record clean. The fee is not deducted from the loan.',
    },
  },
  {
    id: 'ORD-200',
    productId: 'P-1',
    status: 200,
    amount: 500000,
    allowCollection: 0,
    statusText: 'Settled',
    dueInDays: -30,
    notice: ['Settled', 'Thank you! Your loan is fully repaid. Borrow again any time.'],
    extra: { isScore: '1' },
  },
];

export const PERIOD_DAYS: Record<string, number> = { 'P-1': 91, 'P-2': 120, 'P-4': 365 };

export function buildDemoOrders(seededAt: Date): DemoOrder[] {
  return specs.map((s, i) => {
    const periods = PERIOD_DAYS[s.productId] ?? 91;
    const due = addDays(seededAt, s.dueInDays);
    const applied = addDays(due, -periods);
    const detail = [
      { text: 'Loan amount', value: peso(s.amount) },
      { text: 'Loan term', value: `${periods} days` },
      { text: 'Apply date', value: ymd(applied) },
      { text: 'Due date', value: ymd(due) },
    ];
    if (s.dueInDays < 0 && s.status === 180)
      detail.push({ text: 'Overdue days', value: String(-s.dueInDays) });
    return {
      id: s.id,
      borrowerId: DEMO_BORROWER,
      productId: s.productId,
      status: s.status,
      amount: s.amount,
      periods,
      isDelay: s.isDelay ?? '0',
      allowCollection: s.allowCollection ?? 1,
      // One minute apart, in list order, so "newest first" lists are stable (ORD-21 newest, ORD-200 oldest).
      createdAt: new Date(seededAt.getTime() - (i + 1) * 60_000).toISOString(),
      details: {
        noticeStatusText: s.notice[0],
        noticeDesText: s.notice[1],
        statusText: s.statusText,
        detail,
        inside: '',
        h5Url: '',
        isScore: '0',
        playeduL: '',
        reyMsg: '',
        KindTipsMsg: '',
        cardNeedPop: 0,
        cardPopTitle: '',
        cardPopMsg: '',
        ...s.extra,
      },
    };
  });
}

/** Details given to an order created by a loan push (status 110, "under review"). */
export function newOrderDetails(amount: number, periods: number, applied: Date): OrderDetails {
  return {
    noticeStatusText: 'Under review',
    noticeDesText: 'We are reviewing your application. The decision is issued within 1 day.',
    statusText: 'Under review',
    detail: [
      { text: 'Loan amount', value: peso(amount) },
      { text: 'Loan term', value: `${periods} days` },
      { text: 'Apply date', value: ymd(applied) },
    ],
    inside: '',
    h5Url: '',
    isScore: '0',
    playeduL: '',
    reyMsg: '',
    KindTipsMsg: '',
    cardNeedPop: 0,
    cardPopTitle: '',
    cardPopMsg: '',
  };
}
