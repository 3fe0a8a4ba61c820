/*
 * Bank form (D-24..D-26). cate is one of enum | text | city | day; inputType one of number | phone |
 * bankCard (the generic input formats of spec §5). Enum fields submit the option `type`; city and day
 * submit text (the option name, the day number).
 */
export interface DemoBankItem {
  code: string;
  cate: 'enum' | 'text' | 'city' | 'day';
  title: string;
  subtitle: string;
  value: string;
  note: Array<{ name: string; type: string }>;
  cardTypeMi: number;
  channelNumber: string;
  inputType: string;
}

export const DEFAULT_BANK_CHANNEL = '90006';

export const demoBankItems: DemoBankItem[] = [
  {
    code: 'cardType',
    cate: 'enum',
    title: 'Account type',
    subtitle: 'Choose the account type',
    value: '1',
    note: [
      { name: 'Bank account', type: '1' },
      { name: 'E-wallet', type: '2' },
    ],
    cardTypeMi: 0,
    channelNumber: '',
    inputType: '',
  },
  {
    code: 'bankChannel',
    cate: 'enum',
    title: 'Bank',
    subtitle: 'Select your bank',
    value: '',
    note: [
      { name: 'BDO Unibank', type: '90006' },
      { name: 'Bank of the Philippine Islands', type: '90010' },
      { name: 'Metrobank', type: '90011' },
    ],
    cardTypeMi: 1,
    channelNumber: '',
    inputType: '',
  },
  {
    code: 'bankAccount',
    cate: 'text',
    title: 'Account number',
    subtitle: 'Enter your account number',
    value: '',
    note: [],
    cardTypeMi: 1,
    channelNumber: '',
    inputType: 'bankCard',
  },
  {
    code: 'branchCode',
    cate: 'text',
    title: 'BDO branch code',
    subtitle: 'Enter the 4-digit branch code',
    value: '',
    note: [],
    cardTypeMi: 1,
    channelNumber: '90006',
    inputType: 'number',
  },
  {
    code: 'routingNumber',
    cate: 'text',
    title: 'BPI routing number',
    subtitle: 'Enter the 9-digit routing number',
    value: '',
    note: [],
    cardTypeMi: 1,
    channelNumber: '90010',
    inputType: 'number',
  },
  {
    code: 'walletType',
    cate: 'enum',
    title: 'E-wallet',
    subtitle: 'Select your e-wallet',
    value: '',
    note: [
      { name: 'GCash', type: '1' },
      { name: 'PayMaya', type: '2' },
    ],
    cardTypeMi: 2,
    channelNumber: '',
    inputType: '',
  },
  {
    code: 'walletPhone',
    cate: 'text',
    title: 'E-wallet number',
    subtitle: '09XX XXX XXXX',
    value: '',
    note: [],
    cardTypeMi: 2,
    channelNumber: '',
    inputType: 'phone',
  },
  {
    code: 'city',
    cate: 'city',
    title: 'City',
    subtitle: 'Select your city',
    value: '',
    note: [
      { name: 'Manila', type: 'MNL' },
      { name: 'Quezon City', type: 'QZN' },
      { name: 'Cebu City', type: 'CEB' },
      { name: 'Davao City', type: 'DVO' },
    ],
    cardTypeMi: 0,
    channelNumber: '',
    inputType: '',
  },
  {
    code: 'salaryDay',
    cate: 'day',
    title: 'Salary day',
    subtitle: 'Day of the month',
    value: '',
    note: [],
    cardTypeMi: 0,
    channelNumber: '',
    inputType: '',
  },
];

/** Cards the demo borrower already holds (the legacy flow lists them); the last one prefills the form. */
export const demoBankCards = [
  {
    bankName: 'Bank of the Philippine Islands',
    cardNo: '4000123412345678',
    bankCode: '90010',
    fields: {
      cardType: '1',
      bankChannel: '90010',
      bankAccount: '4000123412345678',
      routingNumber: '010040018',
    },
  },
  {
    bankName: 'BDO Unibank',
    cardNo: '6222021234561234',
    bankCode: '90006',
    fields: { cardType: '1', bankChannel: '90006', bankAccount: '6222021234561234', branchCode: '0101' },
  },
];
