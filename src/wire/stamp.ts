// The validators' fingerprint: a short hash of the screen language's generated validators. The app
// build bakes it in (src/app/build/screenStamp.ts) and the server stamps the documents it checked
// with it (the page's inline document, SCREEN_CHECKED_HEADER); the app skips validating a document
// stamped with its own validators' fingerprint. A new screen language changes it. Node only: the
// build and the server compute it, the app only compares.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

export const VALIDATORS_FILE = 'renderer/validate/validators.gen.js';

export function validatorStamp(root: string): string {
  const code = readFileSync(join(root, VALIDATORS_FILE));
  return createHash('sha256').update(code).digest('base64url').slice(0, 16);
}
