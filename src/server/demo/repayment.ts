import { addDays, peso, ymd } from '../lib/format.js';
import { demoImageUrl } from './svg.js';

export interface PayNoticeItem {
  name: string;
  steps: string[];
}

export interface DemoPlan {
  orderId: string;
  repayAmount: number;
  repayDate: string;
  detail: Array<{ text: string; value: string }>;
  noticeMsg: string;
  isShowReyTop: number;
  payCode: string | null;
  payCodeLogo: string;
  payCodeTitle: string;
  payNotice: Record<string, PayNoticeItem[]>;
}

export interface DemoDelay {
  orderId: string;
  title: string;
  delayAmount: number;
  nextRepayDate: string;
  repayPlan: Array<{ remark: string; title: string; amount: number; time: string }>;
}

const payNotice: Record<string, PayNoticeItem[]> = {
  GCash: [
    {
      name: 'Pay with the GCash app',
      steps: [
        'Open GCash and tap Bills',
        'Choose Loans, then PesoQuick',
        'Enter the contract no. and the amount',
        'Confirm and keep the receipt',
      ],
    },
  ],
  'Over the counter': [
    {
      name: '7-Eleven CLiQQ',
      steps: ['Tell the cashier you pay a bill', 'Give the contract no.', 'Pay the amount in cash'],
    },
    {
      name: 'Cebuana Lhuillier',
      steps: ['Fill in the bills payment form', 'Write the contract no.', 'Pay at the counter'],
    },
  ],
};

interface PlanSpec {
  orderId: string;
  principal: number;
  dueInDays: number;
  penalty: number;
  payCode: string | null;
  isShowReyTop: number;
}

const planSpecs: PlanSpec[] = [
  { orderId: 'ORD-170', principal: 500000, dueInDays: 12, penalty: 0, payCode: null, isShowReyTop: 0 },
  {
    orderId: 'ORD-174',
    principal: 300000,
    dueInDays: 0,
    penalty: 0,
    payCode: '7700174000001',
    isShowReyTop: 1,
  },
  {
    orderId: 'ORD-174-D',
    principal: 500000,
    dueInDays: 0,
    penalty: 0,
    payCode: '7700174000002',
    isShowReyTop: 0,
  },
  {
    orderId: 'ORD-180',
    principal: 1000000,
    dueInDays: -5,
    penalty: 100000,
    payCode: '7700180000001',
    isShowReyTop: 1,
  },
  {
    orderId: 'ORD-180-D',
    principal: 300000,
    dueInDays: -3,
    penalty: 80000,
    payCode: '7700180000002',
    isShowReyTop: 0,
  },
];

export function buildDemoPlans(seededAt: Date): DemoPlan[] {
  return planSpecs.map((s) => {
    const interest = Math.round(s.principal * 0.045);
    const total = s.principal + interest + s.penalty;
    const detail = [
      { text: 'Principal', value: peso(s.principal) },
      { text: 'Interest', value: peso(interest) },
      { text: 'Late fee', value: peso(s.penalty) },
      { text: 'Total due', value: peso(total) },
    ];
    return {
      orderId: s.orderId,
      repayAmount: total,
      repayDate: ymd(addDays(seededAt, s.dueInDays)),
      detail,
      noticeMsg: 'Payments are posted within 30 minutes. Keep your receipt until then.',
      isShowReyTop: s.isShowReyTop,
      payCode: s.payCode,
      payCodeLogo: demoImageUrl('channel-gcash.svg'),
      payCodeTitle: 'GCash bills payment',
      payNotice,
    };
  });
}

export function buildDemoDelays(seededAt: Date): DemoDelay[] {
  // balance = what is still owed after the extension (the plan total of the order, see buildDemoPlans)
  const delay = (orderId: string, fee: number, dueInDays: number, balance: number): DemoDelay => {
    const next = ymd(addDays(seededAt, dueInDays + 7));
    return {
      orderId,
      title: 'Extension fee',
      delayAmount: fee,
      nextRepayDate: next,
      repayPlan: [
        { remark: 'Pay now', title: 'Extension fee (7 days)', amount: fee, time: ymd(seededAt) },
        { remark: 'New due date', title: 'Remaining balance', amount: balance, time: next },
      ],
    };
  };
  return [delay('ORD-174-D', 45000, 0, 522500), delay('ORD-180-D', 38000, -3, 393500)];
}
