// The screen-language schemas, bundled into the studio only (never into the borrower's app).
import { createSchemaNav, type Schema } from './schemaNav';

const files = import.meta.glob<Schema>(
  ['../../../schemas/*.schema.json', '../../../schemas/*/*.schema.json'],
  {
    eager: true,
    import: 'default',
  },
);

export const schemaNav = createSchemaNav(Object.values(files));
/** A part's file (screens/parts/*.json) starts at part.schema.json. */
export const partSchemaNav = createSchemaNav(Object.values(files), 'part.schema.json');

/**
 * The visual tools' view of a part's file: its blocks, actions and screen read as the screen
 * language's (part.schema.json leaves them open: they are checked once expanded).
 */
const VISUAL_PART: Schema = {
  $id: 'studio-part.schema.json',
  type: 'object',
  properties: {
    blocks: { $ref: 'common.schema.json#/$defs/blocks' },
    actions: { $ref: 'common.schema.json#/$defs/actions' },
    screen: { $ref: 'screen.schema.json' },
  },
  allOf: [{ $ref: 'part.schema.json' }],
};
export const visualPartNav = createSchemaNav(
  [...Object.values(files), VISUAL_PART],
  'studio-part.schema.json',
);
