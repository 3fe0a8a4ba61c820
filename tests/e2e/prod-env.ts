// The production configuration the studio's end-to-end specs run against (issue 28 item 2):
// NODE_ENV=production, the studio on its own port behind the Host allowlist, signed borrower
// sessions and the required secrets, as docs/deploy.md sets a server up. Production seeds no demo
// account: prod-setup.ts makes the staff accounts with the account commands (`npm run
// studio:user -- add`), and gives the seeded demo orders to one borrower, whose pages the specs
// open with a session signed as the lender's login would sign it (src/server/identity/signed.ts).
import { signSession } from '../../src/server/identity/signed';

/** The borrower whose pages the studio specs open (the seeded orders are theirs, prod-setup.ts). */
export const E2E_BORROWER = 'e2e-borrower';

/** Test-only secrets, random, made once for these specs (never a documented example). */
export const E2E_SECRETS = {
  LENDER_SESSION_KEY: 'b7Qw1KzR4mXv9TfLp2NcYs6HjD0uGe8AaZo3iVn5WqE',
  LENDER_EVENT_SECRET: 'Rk2Vd8YpTq5Lm0XzNw7Bc4Hs1Jf9Ga6Ue3Oi8Py2Ct',
} as const;

/** The staff accounts prod-setup.ts makes, as ops would (`npm run studio:user -- add`). */
export const STAFF = {
  editor: { username: 'editor', password: 'e2e editor password 1', role: 'editor', name: 'Eve Editor' },
  publisher: {
    username: 'publisher',
    password: 'e2e publisher password 1',
    role: 'publisher',
    name: 'Paul Publisher',
  },
  admin: { username: 'admin', password: 'e2e admin password 1', role: 'admin', name: 'Ada Admin' },
} as const;

/** The studio's host names (LENDER_STUDIO_HOSTS): how the specs reach it, and nothing else. */
export const STUDIO_HOSTS = '127.0.0.1';

/** A production server's environment: the app on `port`, the studio on `studioPort`. */
export function productionEnv(port: number, studioPort: number, sqlitePath: string): Record<string, string> {
  return {
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    SQLITE_PATH: sqlitePath,
    DATABASE_URL: '',
    LENDER_STUDIO: '1',
    LENDER_STUDIO_PORT: String(studioPort),
    LENDER_STUDIO_HOSTS: STUDIO_HOSTS,
    // Absolute preview links (the QR code), on the borrower-facing port.
    LENDER_PUBLIC_URL: `http://127.0.0.1:${port}`,
    LENDER_IDENTITY: 'signed',
    ...E2E_SECRETS,
    // Warnings and errors only: the request log of a whole spec run is noise here.
    LENDER_LOG: '0',
  };
}

/** A session id of E2E_BORROWER, as the lender's login signs it; good for a week. */
export const borrowerSession = (): string =>
  signSession(E2E_SECRETS.LENDER_SESSION_KEY, E2E_BORROWER, new Date(Date.now() + 7 * 24 * 3_600_000));

/** `path` with the borrower's session, as the native app opens a page. */
export function withSession(path: string): string {
  const [before, hash] = path.split('#') as [string, string | undefined];
  const joined = `${before}${before.includes('?') ? '&' : '?'}sessionId=${encodeURIComponent(borrowerSession())}`;
  return hash === undefined ? joined : `${joined}#${hash}`;
}
