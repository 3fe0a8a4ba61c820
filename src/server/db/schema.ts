import type { Generated, Kysely } from 'kysely';

/*
 * Table shapes shared by SQLite and PostgreSQL. Times are ISO-8601 UTC text (sortable, portable);
 * flags are integers 0/1; structured display data is JSON text (see db/json.ts).
 */

export interface AppMetaTable {
  key: string;
  value: string;
}

export interface ProductsTable {
  id: string;
  name: string;
  logo: string;
  amount: number;
  amount_min: number;
  amount_max: number;
  periods: number;
  term_unit: string;
  rate_desc: string;
  button_text: string;
  range_desc: string;
  description: string;
  tags_json: string;
  enabled: number;
  sort: number;
  confirm_json: string;
  jump_kind: string;
}

export interface OrdersTable {
  id: string;
  borrower_id: string;
  product_id: string;
  status: number;
  amount: number;
  periods: number;
  term_unit: string;
  is_delay: string;
  allow_collection: number;
  details_json: string;
  created_at: string;
}

export interface RepaymentPlansTable {
  order_id: string;
  repay_amount: number;
  repay_date: string;
  detail_json: string;
  notice_msg: string;
  is_show_rey_top: number;
  pay_code: string | null;
  pay_code_logo: string;
  pay_code_title: string;
  pay_notice_json: string;
}

export interface ChannelsTable {
  channel_number: string;
  name: string;
  logo: string;
  sort: number;
}

export interface DelayInfoTable {
  order_id: string;
  title: string;
  delay_amount: number;
  next_repay_date: string;
  repay_plan_json: string;
}

export interface AgreementsTable {
  id: string;
  title: string;
  scene: number;
  position: number;
  path: string;
}

export interface BankFormItemsTable {
  code: string;
  sort: number;
  cate: string;
  title: string;
  subtitle: string;
  value: string;
  note_json: string;
  card_type_mi: number;
  channel_number: string;
  input_type: string;
}

export interface BankCardsTable {
  id: Generated<number>;
  borrower_id: string;
  product_id: string;
  card_type: number;
  bank_name: string;
  card_no: string;
  bank_code: string;
  fields_json: string;
  is_change: number;
  created_at: string;
}

export interface ProblemTypesTable {
  value: number;
  parent_value: number;
  title: string;
  sort: number;
}

export interface ComplaintsTable {
  id: Generated<number>;
  borrower_id: string;
  problem_type: number;
  problem_son_type: number;
  content: string;
  order_no: string;
  status: string;
  dispose_detail: string;
  dispose_images_json: string;
  score: number | null;
  created_at: string;
}

export interface ComplaintImagesTable {
  id: Generated<number>;
  complaint_id: number;
  url: string;
  sort: number;
}

export interface ComplaintTabsTable {
  id: number;
  title: string;
  status_filter: string;
  sort: number;
}

export interface UploadsTable {
  name: string;
  borrower_id: string;
  mime: string;
  size: number;
  created_at: string;
  /** 1 once a complaint uses the image: the orphan clean-up keeps it. */
  attached: Generated<number>;
}

/** An uploaded file's bytes (issue 29 §5): in the database, so every instance serves it. */
export interface StoredFilesTable {
  name: string;
  mime: string;
  data: Buffer;
  created_at: string;
}

/** A picture uploaded in the studio (issue 25); its bytes are the stored file of the same name. */
export interface StudioAssetsTable {
  /** `<sha-256 of the bytes>.<ext>`. */
  name: string;
  mime: string;
  size: number;
  /** The file name it was uploaded with, for the picker (never a path on the server). */
  label: string;
  uploaded_by: string;
  created_at: string;
}

export interface ContactInfoTable {
  id: number;
  email: string;
  sm_wa: string;
}

export interface LandingTemplatesTable {
  id: number;
  config_json: string;
}

export interface CaptchaSessionsTable {
  sid: string;
  text: string | null;
  attempts: number;
  created_at: string;
}

export interface SmsCodesTable {
  id: Generated<number>;
  phone: string;
  sid: string;
  code: string;
  attempts: number;
  used: number;
  sent_at: string;
  expires_at: string;
}

export interface RegistrationsTable {
  id: Generated<number>;
  phone: string;
  sid: string;
  app_name: string;
  template_id: string;
  app_from: string;
  user_from: string;
  utm_tag: string;
  invite_code: string;
  created_at: string;
}

export interface EventsTable {
  id: Generated<number>;
  borrower_id: string;
  kind: string;
  payload_json: string;
  created_at: string;
}

export interface PayRequestsTable {
  id: Generated<number>;
  borrower_id: string;
  order_id: string;
  channel_number: string;
  amount: number;
  is_delay: number;
  token: string;
  created_at: string;
}

export interface LegacyRepayTokensTable {
  token: string;
  order_id: string;
  borrower_id: string;
  created_at: string;
}

export interface LegacyRepaymentsTable {
  id: Generated<number>;
  order_id: string;
  repay_token: string;
  borrower_id: string;
  card_id: number;
  amount: number;
  coupon_id: string;
  need_valid: number;
  verify_code: string;
  attempts: number;
  status: string;
  created_at: string;
}

/** Measurement events (src/server/events/); borrower is a pseudonymous key, never an identifier. */
export interface TrackEventsTable {
  id: Generated<number | string>;
  day: string;
  at: string;
  name: string;
  screen: string;
  revision: string;
  variant: string;
  borrower: string;
  label: string;
  props_json: string;
  /** 'page' (a borrower's page sent it), 'server' (a goal the server saw happen), '' (stored before either). */
  source: string;
  /** A keyed tag of the sender's address (src/server/events/address.ts), never the address. */
  addr: string;
}

export interface TrackDailyTable {
  day: string;
  name: string;
  screen: string;
  revision: string;
  variant: string;
  label: string;
  events: number;
  borrowers: number;
}

export interface TrackRollupsTable {
  day: string;
  events: number;
  rolled_at: string;
}

export interface IdempotencyKeysTable {
  /** Whose key: `b:<borrower>` for borrower writes, `sid:<sid>` for registration. */
  scope: string;
  route: string;
  key: string;
  /** SHA-256 of the request body (uploads: of the image): one key is one request. */
  fingerprint: string;
  /** 'pending' while the first request runs, then 'done' with its reply. */
  state: string;
  status_code: number;
  reply: string;
  created_at: string;
  /** The random token of the claim that owns a pending row (migration 060). */
  claim: string;
}

export interface RowLocksTable {
  name: string;
  version: number;
}

export interface Database {
  app_meta: AppMetaTable;
  products: ProductsTable;
  orders: OrdersTable;
  repayment_plans: RepaymentPlansTable;
  channels: ChannelsTable;
  delay_info: DelayInfoTable;
  agreements: AgreementsTable;
  bank_form_items: BankFormItemsTable;
  bank_cards: BankCardsTable;
  problem_types: ProblemTypesTable;
  complaints: ComplaintsTable;
  complaint_images: ComplaintImagesTable;
  complaint_tabs: ComplaintTabsTable;
  uploads: UploadsTable;
  stored_files: StoredFilesTable;
  studio_assets: StudioAssetsTable;
  contact_info: ContactInfoTable;
  landing_templates: LandingTemplatesTable;
  captcha_sessions: CaptchaSessionsTable;
  sms_codes: SmsCodesTable;
  registrations: RegistrationsTable;
  events: EventsTable;
  pay_requests: PayRequestsTable;
  legacy_repay_tokens: LegacyRepayTokensTable;
  legacy_repayments: LegacyRepaymentsTable;
  track_events: TrackEventsTable;
  track_daily: TrackDailyTable;
  track_rollups: TrackRollupsTable;
  idempotency_keys: IdempotencyKeysTable;
  row_locks: RowLocksTable;
}

export type Db = Kysely<Database>;
