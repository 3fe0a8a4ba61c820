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
