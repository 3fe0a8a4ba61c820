/*
 * The one place that knows the obfuscated-endpoint variant's field names (rulings 17, docs/api.md).
 * Replies of /gopia/goya/* are built with plain names and renamed here on the way out; a plain name
 * maps to the same word wherever it appears. Request fields stay plain. NewButtonMsg and NewPopMsg
 * are the names the spec gives and are not renamed.
 */
export const VARIANT_FIELDS: Readonly<Record<string, string>> = {
  productId: 'acorn',
  comProductLogo: 'lantern',
  logo: 'lantern',
  comProductName: 'harbor',
  name: 'harbor',
  amount: 'pebble',
  periods: 'meadow',
  termUnit: 'thimble',
  details: 'orchard',
  text: 'quill',
  value: 'ember',
  repay_plans: 'lattice',
  description: 'fable',
  pay_time: 'dusk',
  firstPayTime: 'dawn',
  firstPeriodDay: 'tide',
  pRateDsc: 'saffron',
  rate: 'saffron',
  sendSms: 'sparrow',
  isPopType: 'willow',
  popContent: 'velvet',
  popTitle: 'crest',
  popAgreementUrl: 'compass',
  id: 'rune',
  title: 'banner',
  position: 'step',
  contract_url: 'beacon',
  lendDetailsUrl: 'harvest',
  orderId: 'ticket',
  noticeMessage: 'murmur',
  errMessage: 'shadow',
  list: 'parade',
  buttonText: 'bellow',
  range: 'horizon',
  rangeDesc: 'echo',
  tags: 'ribbons',
  enabled: 'glow',
};

const rename = (key: string): string => VARIANT_FIELDS[key] ?? key;

/** Deep copy with every mapped key renamed. */
export function toVariant(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(toVariant);
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [rename(k), toVariant(v)]));
  }
  return value;
}

type Schema = Record<string, unknown>;

/** The reply schema of a plain data shape, renamed the same way (so serialisation keeps the fields). */
export function variantSchema(schema: Schema): Schema {
  const out: Schema = { ...schema };
  if (schema.properties && typeof schema.properties === 'object') {
    out.properties = Object.fromEntries(
      Object.entries(schema.properties as Record<string, Schema>).map(([k, v]) => [
        rename(k),
        variantSchema(v),
      ]),
    );
  }
  if (schema.items && typeof schema.items === 'object') out.items = variantSchema(schema.items as Schema);
  if (Array.isArray(schema.required)) out.required = (schema.required as string[]).map(rename);
  return out;
}
