// The borrower pages the server draws in the demo (issue 26), with what each shows and which sources
// it must not call again: shared by server-drawn.spec.ts (hydration) and layout-shift.spec.ts.
import { url as loanUrl } from './loan-helpers';
import { LANDING_QUERY } from './public-helpers';
import { demoTemplates } from '../../src/server/demo/promo';

export interface DrawnPage {
  name: string;
  path: string;
  /** What the server's HTML shows (JavaScript off) and the hydrated page still shows. */
  shows: string[];
  /** The screen's sources: the phone must not call them again. */
  sources: string[];
}

export const DRAWN_PAGES: DrawnPage[] = [
  {
    name: 'loan details, due today',
    path: loanUrl('/loan/details', { orderId: 'ORD-174-D', productId: 'P-1' }),
    shows: ['Due today', 'Loan amount', '₱5000.00', 'Due date', 'REPAY'],
    sources: ['/v3/loan-details/loan-details'],
  },
  {
    name: 'loan details, under review',
    path: loanUrl('/loan/details', { orderId: 'ORD-110', productId: 'P-2' }),
    shows: ['Under review', 'We are reviewing your application.'],
    sources: ['/v3/loan-details/loan-details'],
  },
  {
    name: 'repayment',
    path: loanUrl('/repay', { orderId: 'ORD-174', productId: 'P-2' }),
    shows: ['₱'],
    sources: [],
  },
  { name: 'the official site (landing)', path: '/', shows: ['PesoQuick'], sources: [] },
  // A promotion landing at its server-visible address (issue 26 item 3): drawn with its template's
  // data and the sign-up form's captcha session; the visit is counted once, by the server's draw.
  ...demoTemplates.map((template) => ({
    name: `the promotion landing of template ${template.id}`,
    path: `/promo/landing?id=${template.id}&${LANDING_QUERY}`,
    shows: [template.config.title, template.config.subtitle, template.config.buttonText],
    sources: [
      '/api/v2/youmi/service/channel/channel-template',
      '/api/v2/youmi/promotion/get-sid',
      '/api/v2/youmi/promotion/track-visit',
    ],
  })),
];
