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
