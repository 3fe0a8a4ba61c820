// The one piece of content every peer renders: a loan-details-like screen with a header, 12
// key/value rows, 20 product cards with a button each, and a form of 8 fields. Each peer turns
// this into its own document format (bench/peers/<peer>/document.ts).

export interface FormField {
  name: string;
  label: string;
  kind: 'text' | 'tel' | 'email' | 'number' | 'date' | 'select' | 'textarea' | 'checkbox';
  options?: string[];
}

export const content = {
  title: 'Order details',
  header: {
    title: 'Loan approved',
    text: 'Your loan of ₱5,000.00 is being sent to your account ending 1234.',
  },
  rows: [
    ['Order number', 'ORD-174-D'],
    ['Product', 'Cash Express'],
    ['Loan amount', '₱5,000.00'],
    ['Received amount', '₱4,550.00'],
    ['Service fee', '₱450.00'],
    ['Interest', '₱150.00'],
    ['Term', '14 days'],
    ['Apply date', '2025-03-09'],
    ['Due date', '2025-03-23'],
    ['Repayment amount', '₱5,150.00'],
    ['Bank account', 'BDO •••• 1234'],
    ['Status', 'Disbursing'],
  ].map(([label, value]) => ({ label: label!, value: value! })),
  products: Array.from({ length: 20 }, (_, i) => ({
    id: `P-${i + 1}`,
    name: `Product ${i + 1}`,
    range: `₱${(1 + i) * 1000} – ₱${(5 + i) * 2000}`,
    rate: `${(0.3 + i * 0.05).toFixed(2)}% daily`,
    cta: 'Apply now',
  })),
  form: {
    title: 'Borrow again',
    fields: [
      { name: 'fullName', label: 'Full name', kind: 'text' },
      { name: 'mobile', label: 'Mobile number', kind: 'tel' },
      { name: 'email', label: 'E-mail', kind: 'email' },
      { name: 'birthDate', label: 'Date of birth', kind: 'date' },
      { name: 'income', label: 'Monthly income', kind: 'number' },
      {
        name: 'purpose',
        label: 'Loan purpose',
        kind: 'select',
        options: ['Bills', 'Business', 'Education', 'Medical', 'Other'],
      },
      { name: 'note', label: 'Anything else', kind: 'textarea' },
      { name: 'agree', label: 'I agree to the loan terms', kind: 'checkbox' },
    ] satisfies FormField[],
    submit: 'Submit application',
  },
};

/** Text that only appears once the whole page is drawn (the last card and the submit button). */
export const LAST_TEXTS = [content.products[19]!.name, content.form.submit];
/** The same for the form-only variant. */
export const FORM_TEXTS = [content.form.fields[7]!.label, content.form.submit];

export type Part = 'page' | 'form';
