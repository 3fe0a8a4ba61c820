/** The track endpoint's body: structure is checked strictly (a clear 400), event fields leniently (privacy.ts). */

/** One request's events; the host sends 20 at most, a page-hide beacon a little more. */
export const MAX_EVENTS = 100;
/** What sendBeacon itself allows in flight. */
export const MAX_BATCH_BYTES = 64 * 1024;

// Printable text only: names and labels are shown in the studio and grouped on.
const text = (maxLength: number, minLength = 0) => ({
  type: 'string',
  minLength,
  maxLength,
  pattern: '^[^\\u0000-\\u001f\\u007f]*$',
});
/** Screen ids as the manifest has them. */
const screenId = { type: 'string', maxLength: 64, pattern: '^([a-z][a-z0-9-]*)?$' };
const version = { type: 'string', maxLength: 64, pattern: '^[A-Za-z0-9._:/+=-]*$' };
/** Epoch milliseconds, 2020 to 2100: anything else is not a device clock. */
const epochMs = { type: 'integer', minimum: 1_577_836_800_000, maximum: 4_102_444_800_000 };

export const batchSchema = {
  type: 'object',
  required: ['events'],
  properties: {
    sentAt: epochMs,
    device: { type: 'string', maxLength: 128 },
    events: {
      type: 'array',
      minItems: 1,
      maxItems: MAX_EVENTS,
      items: {
        type: 'object',
        required: ['name', 'at'],
        properties: {
          // The screen language allows event names of 1..100 characters (actions/track.schema.json).
          name: text(100, 1),
          at: epochMs,
          screen: screenId,
          revision: version,
          variant: version,
          label: text(200),
          props: { type: 'object' },
        },
      },
    },
  },
};

export const trackSchema = {
  body: batchSchema,
  response: {
    200: {
      type: 'object',
      properties: {
        code: { type: 'integer' },
        message: { type: 'string' },
        data: {
          type: 'object',
          properties: { accepted: { type: 'integer' }, dropped: { type: 'integer' } },
        },
      },
    },
  },
};
