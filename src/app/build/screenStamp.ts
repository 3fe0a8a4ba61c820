// Build time: the validators' fingerprint (src/wire/stamp.ts) baked into the app. The app shows a
// kept document without validating it again only when it was validated by validators with the
// same fingerprint; the server stamps the documents it checked the same way.
import { join } from 'node:path';
import type { Plugin } from 'vite';
import { validatorStamp, VALIDATORS_FILE } from '../../wire/stamp';

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
