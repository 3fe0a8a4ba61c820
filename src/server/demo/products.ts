import { demoImageUrl } from './svg.js';

/** Loan-confirm extras kept per product (JSON column `confirm_json`). */
export interface ConfirmExtras {
  interestPerMille: number;
  serviceFee: number;
  firstPeriodDay: number;
  sendSms: number;
  isPopType: number;
  popTitle: string;
  popContent: string;
  popAgreementUrl: string;
  newButtonMsg: string;
  newPopMsg: string;
}

export interface DemoProduct {
  id: string;
  name: string;
  logo: string;
  amount: number;
  amountMin: number;
  amountMax: number;
  periods: number;
  termUnit: string;
  rateDesc: string;
  buttonText: string;
  rangeDesc: string;
  description: string;
  tags: string[];
  enabled: number;
  /** 'http' answers /gopia/goya/define with an absolute same-origin URL, 'native' with an app scheme. */
  jumpKind: 'http' | 'native';
  confirm: ConfirmExtras;
}

const baseConfirm: ConfirmExtras = {
  interestPerMille: 45,
  serviceFee: 15000,
  firstPeriodDay: 91,
  sendSms: 0,
  isPopType: 1,
  popTitle: 'Are you sure you want to leave?',
  popContent: 'Your loan is approved. Leaving now cancels this offer.',
  popAgreementUrl: '',
  newButtonMsg: 'Get my cash now',
  newPopMsg: 'New customers get 7 days interest free!',
};

// Amounts are integer cents (rulings 6): 500000 = ₱5000.00.
export const demoProducts: DemoProduct[] = [
  {
    id: 'P-1',
    name: 'PesoQuick',
    logo: demoImageUrl('logo-1.svg'),
    amount: 500000,
    amountMin: 100000,
    amountMax: 2000000,
    periods: 91,
    termUnit: '1',
    rateDesc: 'Daily interest rate 0.05%',
    buttonText: 'Apply',
    rangeDesc: 'Loan amount',
    description: 'Cash in 5 minutes',
    tags: ['Fast', 'Low rate'],
    enabled: 1,
    jumpKind: 'http',
    confirm: { ...baseConfirm, popAgreementUrl: '/agreement?id=AG-LOAN&productId=P-1' },
  },
  {
    id: 'P-2',
    name: 'CashBuddy',
    logo: demoImageUrl('logo-2.svg'),
    amount: 300000,
    amountMin: 100000,
    amountMax: 1000000,
    periods: 120,
    termUnit: '1',
    rateDesc: 'Daily interest rate 0.04%',
    buttonText: 'Apply',
    rangeDesc: 'Loan amount',
    description: 'No collateral needed',
    tags: ['Repeat bonus', 'Flexible'],
    enabled: 1,
    jumpKind: 'native',
    confirm: { ...baseConfirm, interestPerMille: 48, isPopType: 0, sendSms: 1 },
  },
  {
    id: 'P-3',
    name: 'LoanLite',
    logo: demoImageUrl('logo-3.svg'),
    amount: 200000,
    amountMin: 50000,
    amountMax: 500000,
    periods: 180,
    termUnit: '1',
    rateDesc: 'Daily interest rate 0.06%',
    buttonText: 'Sold out',
    rangeDesc: 'Loan amount',
    description: 'Temporarily unavailable',
    tags: ['Small loans'],
    enabled: 0,
    jumpKind: 'http',
    confirm: baseConfirm,
  },
  {
    id: 'P-4',
    name: 'FastPeso',
    logo: demoImageUrl('logo-4.svg'),
    amount: 1000000,
    amountMin: 200000,
    amountMax: 2000000,
    periods: 365,
    termUnit: '1',
    rateDesc: 'Daily interest rate 0.03%',
    buttonText: 'Apply',
    rangeDesc: 'Loan amount',
    description: 'Up to ₱20000.00',
    tags: ['Big amount', 'Long term'],
    enabled: 1,
    jumpKind: 'http',
    confirm: { ...baseConfirm, interestPerMille: 30 },
  },
  {
    id: 'P-5',
    name: 'GoCash',
    logo: demoImageUrl('logo-5.svg'),
    amount: 150000,
    amountMin: 50000,
    amountMax: 300000,
    periods: 91,
    termUnit: '1',
    rateDesc: 'Daily interest rate 0.05%',
    buttonText: 'Full',
    rangeDesc: 'Loan amount',
    description: 'Daily quota reached',
    tags: [],
    enabled: 0,
    jumpKind: 'native',
    confirm: baseConfirm,
  },
];

export const demoChannels = [
  { channelNumber: '10001', name: 'GCash', logo: demoImageUrl('channel-gcash.svg') },
  { channelNumber: '10002', name: 'PayMaya', logo: demoImageUrl('channel-paymaya.svg') },
  { channelNumber: '10003', name: '7-Eleven', logo: demoImageUrl('channel-7eleven.svg') },
  { channelNumber: '10004', name: 'Bank transfer', logo: demoImageUrl('channel-bank.svg') },
];

export const demoAgreements = [
  { id: 'AG-LOAN', title: 'Loan Agreement', scene: 3, position: 0, path: '/agreement?id=AG-LOAN' },
  { id: 'AG-PRIVACY', title: 'Privacy Policy', scene: 3, position: 1, path: '/privacy' },
  {
    id: 'AG-DEBIT',
    title: 'Authorization for Automatic Debit',
    scene: 3,
    position: 2,
    path: '/agreement?id=AG-DEBIT',
  },
];
