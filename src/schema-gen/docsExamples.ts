// The worked examples of the language chapters (docsLanguage.ts), as data: the docs print them and
// tests/unit/schema-gen/docsExamples.test.ts checks each one with the document checker, so an
// example ops copy from the docs is a valid document (or a valid part of one).

/** Screen-level fields and a body: a retry limit and a due-date line. */
export const VARIABLES_EXAMPLE = {
  variables: { attempts: { type: 'integer', value: 0 } },
  computed: {
    daysLeft: {
      type: 'integer',
      value: { dateDiff: [{ now: [] }, { $: 'data.order.dueDate' }, 'days'] },
    },
  },
  triggers: [
    {
      when: { '>=': [{ $: 'vars.attempts' }, 3] },
      once: true,
      then: [{ do: 'openModal', id: 'tooManyTries' }],
    },
  ],
  modals: {
    tooManyTries: { title: 'Too many tries', body: [{ type: 'text', text: 'Please call us.' }] },
  },
  body: [
    { type: 'text', text: { t: 'Due in {computed.daysLeft} days' } },
    {
      type: 'button',
      label: 'Try again',
      onTap: [{ do: 'set', path: 'vars.attempts', value: { '+': [{ $: 'vars.attempts' }, 1] } }],
    },
  ],
};

/**
 * Screen-level fields and a body: an offer that ends at a time the server sends, counted down as
 * minutes and seconds, with a warning a minute before the end and a pause while a popup is open.
 */
export const TIMERS_EXAMPLE = {
  timers: {
    offer: {
      seconds: { dateDiff: [{ now: [] }, { $: 'data.offer.endsAt' }, 'seconds'] },
      autoStart: true,
      onTick: [
        {
          do: 'if',
          cond: { '==': [{ $: 'timers.offer.remaining' }, 60] },
          then: [{ do: 'toast', text: 'One minute left' }],
        },
      ],
      onEnd: [{ do: 'set', path: 'ui.offerOver', value: true }],
    },
  },
  computed: {
    clock: {
      type: 'text',
      value: {
        concat: [
          { floor: [{ '/': [{ $: 'timers.offer.remaining' }, 60] }] },
          ':',
          { padStart: [{ '%': [{ $: 'timers.offer.remaining' }, 60] }, 2, '0'] },
        ],
      },
    },
  },
  modals: {
    terms: {
      title: 'Offer terms',
      body: [{ type: 'text', text: '0% interest on your first loan.' }],
      onClose: [{ do: 'countdown', timer: 'offer', op: 'resume' }],
    },
  },
  body: [
    {
      type: 'text',
      text: { t: 'Offer ends in {computed.clock}' },
      visible: { not: { $: 'ui.offerOver' } },
    },
    {
      type: 'link',
      text: 'Terms',
      onTap: [
        { do: 'countdown', timer: 'offer', op: 'pause' },
        { do: 'openModal', id: 'terms' },
      ],
    },
  ],
};

/** A block: a bridge action only newer apps have, with a web fallback. */
export const GATING_EXAMPLE = {
  type: 'button',
  label: 'Rate us',
  requires: { 'bridge.goRate': '*' },
  onTap: [{ do: 'bridge', name: 'goRate' }],
  fallback: {
    type: 'button',
    label: 'Rate us',
    onTap: [{ do: 'navigate', to: 'https://play.google.com/store/apps/details?id=ph.example.lender' }],
  },
};

/** A block: one impression per product shown. */
export const APPEAR_EXAMPLE = {
  type: 'repeat',
  items: { $: 'data.products' },
  key: 'productId',
  children: [
    {
      type: 'text',
      text: { $: 'item.name' },
      onAppear: [
        { do: 'track', event: 'product_impression', payload: { productId: { $: 'item.productId' } } },
      ],
    },
  ],
};

/**
 * A whole screen (screens/promo-landing-sunny.json): a third landing template that differs from
 * the others only in its banner and colours, as a variant of the landing page's screen part.
 */
export const LANDING_VARIANT_EXAMPLE = {
  $schema: '../schemas/screen.schema.json',
  schemaVersion: 1,
  id: 'promo-landing-sunny',
  variantOf: 'parts/promo-landing',
  with: {
    banner: [
      {
        type: 'image',
        id: 'banner',
        src: { $: 'data.template.config.banner' },
        alt: { '??': [{ $: 'data.template.config.title' }, ''] },
        aspect: '750:300',
        priority: true,
        placeholder: true,
      },
    ],
  },
  changes: [
    { block: 'signup', set: { style: { margin: 'md', background: 'muted', rounded: true } } },
    { block: 'apply', set: { variant: 'secondary' } },
  ],
};

/** A part made of blocks (screens/parts/notice.json) with a required parameter, a default and a slot. */
export const PART_EXAMPLE = {
  $schema: '../../schemas/part.schema.json',
  schemaVersion: 1,
  part: 'notice',
  description: 'A boxed notice: a title, a line, and any blocks under them.',
  parameters: {
    title: { type: 'text', description: 'The bold line.' },
    text: { type: 'expression', default: '', description: 'The line under it.' },
    more: { type: 'blocks', default: [], description: 'Blocks under the text.' },
  },
  blocks: [
    {
      type: 'section',
      style: { background: 'muted', rounded: true },
      children: [
        { type: 'text', text: { $param: 'title' }, style: { weight: 'bold' } },
        { type: 'text', text: { $param: 'text' }, variant: 'caption' },
        { $param: 'more' },
      ],
    },
  ],
};

/** A block of a screen that uses the part above. */
export const PART_USE_EXAMPLE = {
  type: 'part',
  part: 'notice',
  with: {
    title: 'Pay on time, borrow more',
    text: { t: 'Your limit grows to {data.nextLimit|money}' },
    more: [{ type: 'link', text: 'How limits work', onTap: [{ do: 'navigate', to: '/about' }] }],
  },
};
