// Node side (run by bench/peers.ts before the build): RJSF's precompiled validator for the form,
// so the page needs no schema compiler (the same CSP-safe approach this project uses).
import { writeFileSync } from 'node:fs';
import type { RJSFSchema } from '@rjsf/utils';
import { compileSchemaValidatorsCode } from '@rjsf/validator-ajv8/compileSchemaValidators';
import { formSchema } from './document';

export const VALIDATOR_FILE = new URL('./validator.gen.cjs', import.meta.url).pathname;

export function compileRjsfValidator(): void {
  writeFileSync(
    VALIDATOR_FILE,
    compileSchemaValidatorsCode(formSchema as RJSFSchema, {
      ajvOptionsOverrides: { code: { lines: false } },
    }),
  );
}
