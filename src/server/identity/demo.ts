import { MAX_SESSION_ID, type VerifySession } from './types.js';

/** Demo identities: any non-empty id (trimmed, at most 128 characters) is its own borrower. */
export const demoVerifier: VerifySession = (sessionId) => {
  const id = sessionId.trim();
  return id !== '' && id.length <= MAX_SESSION_ID ? { id } : null;
};
