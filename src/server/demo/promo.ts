import { demoImageUrl } from './svg.js';

/* Landing templates (spec §2.1). The phone rule is template data (rulings 5). */
export const demoTemplates = [
  {
    id: 1,
    config: {
      name: 'Spring promotion',
      title: 'Borrow up to ₱20000.00',
      subtitle: 'Cash in 5 minutes, no collateral',
      banner: demoImageUrl('promo-banner-1.svg'),
      appName: 'pesoquick',
      buttonText: 'Apply now',
      downloadId: 1,
      agreementId: 1,
      phoneRule: { pattern: '^1[3-9]\\d{9}$', maxLength: 11, message: '请正确输入手机号！' },
    },
  },
  {
    id: 2,
    config: {
      name: 'Philippines mobile',
      title: 'Your first loan interest free',
      subtitle: '7 days with zero interest for new customers',
      banner: demoImageUrl('promo-banner-2.svg'),
      appName: 'pesoquick',
      buttonText: 'Get cash',
      downloadId: 2,
      agreementId: 1,
      phoneRule: { pattern: '^09\\d{9}$', maxLength: 11, message: 'Please enter a valid mobile number' },
    },
  },
];

/** Already registered, to exercise code 11. */
export const demoRegisteredPhones = ['13800138000', '09170000000'];

/** Joint-login failure page data (/gopia/goya/drowns), before the variant field mapping. */
export const demoJointFail = {
  noticeMessage: 'We could not sign you in from the partner app.',
  errMessage: 'Your partner session has expired. You can still apply for one of these products.',
  productIds: ['P-1', 'P-2', 'P-3', 'P-4'],
};
