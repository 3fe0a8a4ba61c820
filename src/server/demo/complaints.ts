import { demoImageUrl } from './svg.js';

export const demoProblemTypes = [
  { value: 1, parent: 0, title: 'Collection complaint' },
  { value: 2, parent: 0, title: 'Repayment problem' },
  { value: 3, parent: 0, title: 'Loan application problem' },
  { value: 4, parent: 0, title: 'Suggestions' },
  // Sub-types exist only under type 1 (spec §2.3).
  { value: 1, parent: 1, title: 'Rude or threatening language' },
  { value: 2, parent: 1, title: 'Contacting my family or friends' },
  { value: 3, parent: 1, title: 'Too many calls' },
];

export const COLLECTION_TYPE = 1;

export const demoComplaintTabs = [
  { id: 1, title: 'All', statusFilter: 'all' },
  { id: 2, title: 'Processing', statusFilter: 'pending' },
  { id: 3, title: 'Processed', statusFilter: 'replied' },
];

export const demoComplaints = [
  {
    problemType: 2,
    problemSonType: 0,
    orderNo: 'ORD-180',
    status: 'replied',
    score: null,
    ageDays: 6,
    content: 'I paid through GCash yesterday but the order still shows overdue.',
    disposeDetail: 'Your payment was posted this morning and the order is updated. Sorry for the delay.',
    disposeImages: [demoImageUrl('pay-help.svg')],
  },
  {
    problemType: 1,
    problemSonType: 3,
    orderNo: 'ORD-174',
    status: 'pending',
    score: null,
    ageDays: 2,
    content: 'I get collection calls every hour although the loan is due only today.',
    disposeDetail: '',
    disposeImages: [] as string[],
  },
  {
    problemType: 4,
    problemSonType: 0,
    orderNo: 'ORD-200',
    status: 'replied',
    score: 5,
    ageDays: 20,
    content: 'Please add PayMaya as a repayment channel.',
    disposeDetail: 'Thank you! PayMaya is now available.',
    disposeImages: [] as string[],
  },
];

export const demoContact = { email: 'support@pesoquick.example', smWa: '+63 917 555 0123' };

/** Spanish refusal for a collection complaint on an order that does not admit it (D-13, our wording). */
export const COLLECTION_REFUSED = 'La orden seleccionada no admite el envío de quejas de tipo cobranza.';
