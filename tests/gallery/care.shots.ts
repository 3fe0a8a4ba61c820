// Gallery shots of the borrower-care screens (issue 7): bank account binding, the complaint flow
// (types, order switcher, form, list, detail with rating) and customer service.
import type { Page } from '@playwright/test';
import type { Shot } from './types';

const DEMO = 'sessionId=demo';
const FRESH = 'sessionId=GALLERY-CARE';
const IMAGES = 'tests/fixtures/images/';

async function shown(page: Page, text: string): Promise<void> {
  await page.getByText(text, { exact: true }).first().waitFor();
}

async function pick(page: Page, field: string, option: string): Promise<void> {
  await page.getByRole('button', { name: new RegExp(`^${field}`) }).click();
  await page.getByRole('option', { name: option }).click();
  await page.getByRole('button', { name: 'Confirm' }).click();
}

export const shots: Shot[] = [
  // Bank account: the demo borrower's saved BDO card, then a new borrower's empty form.
  { name: 'care-bank-prefilled', path: `/bank?productId=P-1&${DEMO}`, setup: (p) => shown(p, 'BDO branch code') },
  { name: 'care-bank-new', path: `/bank?productId=P-1&${FRESH}`, fullPage: true, setup: (p) => shown(p, 'City') },
  {
    name: 'care-bank-picker',
    path: `/bank?productId=P-1&${FRESH}`,
    setup: async (page) => {
      await shown(page, 'City');
      await page.getByRole('button', { name: /^Bank/ }).click();
      await page.getByRole('option', { name: 'Bank of the Philippine Islands' }).click();
    },
  },
  {
    name: 'care-bank-bpi-channel',
    path: `/bank?productId=P-1&${FRESH}`,
    fullPage: true,
    setup: async (page) => {
      await shown(page, 'City');
      await pick(page, 'Bank', 'Bank of the Philippine Islands');
      await page.getByLabel('Account number').fill('4000 1234 ab 5678');
      await page.getByLabel('BPI routing number').fill('010040018');
    },
  },
  {
    name: 'care-bank-ewallet',
    path: `/bank?productId=P-1&${FRESH}`,
    fullPage: true,
    setup: async (page) => {
      await shown(page, 'City');
      await page.getByRole('tab', { name: 'E-wallet' }).click();
      await pick(page, 'E-wallet', 'GCash');
      await page.getByLabel('E-wallet number').fill('09171234567');
      await pick(page, 'Salary day', '15');
    },
  },
  {
    name: 'care-bank-refused',
    path: `/bank?productId=P-1&${FRESH}`,
    setup: async (page) => {
      await shown(page, 'City');
      await page.getByRole('button', { name: 'Next' }).click();
      await page.locator('[data-toast]').first().waitFor();
    },
  },

  // Complaint: current order, the order switcher, type 1 sub-types and the refusal.
  { name: 'care-complaint', path: `/complaint?orderId=ORD-21&${DEMO}`, setup: (p) => shown(p, 'Suggestions') },
  {
    name: 'care-complaint-orders',
    path: `/complaint?orderId=ORD-21&${DEMO}`,
    setup: async (page) => {
      await shown(page, 'Suggestions');
      await page.getByRole('button', { name: 'All', exact: true }).click();
      await page.getByRole('dialog').waitFor();
    },
  },
  {
    name: 'care-complaint-subtypes',
    path: `/complaint?orderId=ORD-21&${DEMO}`,
    setup: async (page) => {
      await page.getByText('Collection complaint').click();
      await page.getByRole('dialog').waitFor();
    },
  },
  {
    name: 'care-complaint-refused',
    path: `/complaint?orderId=ORD-200&${DEMO}`,
    setup: async (page) => {
      await page.getByText('Collection complaint').click();
      await page.locator('[data-toast]').first().waitFor();
    },
  },

  // Complaint form: empty, refused when empty, filled with two images, and sent.
  {
    name: 'care-complaint-form',
    path: `/complainPageNext?problemType=1&problemSonType=3&orderNo=ORD-21&${FRESH}`,
    setup: (p) => shown(p, 'Too many calls'),
  },
  {
    name: 'care-complaint-form-empty',
    path: `/complainPageNext?problemType=2&problemSonType=0&orderNo=ORD-21&${FRESH}`,
    setup: async (page) => {
      await shown(page, 'Repayment problem');
      await page.getByRole('button', { name: 'Send' }).click();
      await page.locator('[data-toast]').first().waitFor();
    },
  },
  {
    name: 'care-complaint-form-filled',
    path: `/complainPageNext?problemType=2&problemSonType=0&orderNo=ORD-21&${FRESH}`,
    setup: async (page) => {
      await shown(page, 'Repayment problem');
      await page.getByLabel('Problem description').fill('I paid on time through GCash but the order still shows overdue.');
      await page.getByLabel('Evidence images').setInputFiles([`${IMAGES}evidence-orange.png`, `${IMAGES}evidence-blue.png`]);
      await page.getByText('2/9').waitFor();
    },
  },
  {
    name: 'care-complaint-form-sent',
    path: `/complainPageNext?problemType=4&problemSonType=0&orderNo=ORD-21&${FRESH}`,
    setup: async (page) => {
      await shown(page, 'Suggestions');
      await page.getByLabel('Problem description').fill('Please add a reminder the day before the due date.');
      await page.getByRole('button', { name: 'Send' }).click();
      await page.getByText('Successfully Sent').waitFor();
    },
  },

  // Complaint list and detail.
  { name: 'care-complaint-list', path: `/complaintList?${DEMO}`, setup: (p) => shown(p, 'Suggestions') },
  {
    name: 'care-complaint-list-processing',
    path: `/complaintList?${DEMO}`,
    setup: async (page) => {
      await page.getByRole('tab', { name: 'Processing' }).click();
      await shown(page, 'Collection complaint');
    },
  },
  {
    name: 'care-complaint-list-empty',
    path: `/complaintList?sessionId=GALLERY-CARE-EMPTY`,
    setup: (p) => shown(p, 'No complaints yet'),
  },
  {
    name: 'care-complaint-detail-replied',
    path: `/complainDetails?problemId=1&${DEMO}`,
    fullPage: true,
    setup: (p) => shown(p, 'Process Result'),
  },
  {
    name: 'care-complaint-detail-pending',
    path: `/complainDetails?problemId=2&${DEMO}`,
    setup: (p) => shown(p, 'Too many calls'),
  },
  {
    name: 'care-complaint-detail-rating',
    path: `/complainDetails?problemId=1&${DEMO}`,
    setup: async (page) => {
      await page.getByRole('dialog').waitFor({ timeout: 6000 });
      await page.getByRole('radio', { name: '4 stars' }).click();
    },
  },

  // Customer service.
  { name: 'care-service', path: `/service?${DEMO}`, setup: (p) => shown(p, 'Telephone') },
];
