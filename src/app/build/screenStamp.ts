// Build time and server: a short fingerprint of the screen-language validators. The app shows a
// kept document without validating it again only when it was validated by validators with the
// same fingerprint; the server stamps the document it puts in the page the same way. A new
// screen language (any change to the generated validators) changes the fingerprint.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Plugin } from 'vite';

export const VALIDATORS_FILE = 'renderer/validate/validators.gen.js';

export function validatorStamp(root: string): string {
  const code = readFileSync(join(root, VALIDATORS_FILE));
  return createHash('sha256').update(code).digest('base64url').slice(0, 16);
}

const ID = 'virtual:screen-stamp';
const RESOLVED = `\0${ID}`;

/** `import { STAMP } from 'virtual:screen-stamp'` in the app. */
export function screenStamp(root: string): Plugin {
  return {
    name: 'lender-screen-stamp',
    resolveId: (id) => (id === ID ? RESOLVED : null),
    load(id) {
      if (id !== RESOLVED) return null;
      this.addWatchFile(join(root, VALIDATORS_FILE));
      return `export const STAMP = ${JSON.stringify(validatorStamp(root))};`;
    },
  };
}
