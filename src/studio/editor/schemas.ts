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
