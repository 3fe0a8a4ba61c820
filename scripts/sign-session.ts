// Prints a signed session id for a server run with LENDER_IDENTITY=signed (docs/deploy.md):
//   LENDER_SESSION_KEY=... npx tsx scripts/sign-session.ts <borrower id> [hours, default 24]
// The lender's login does the same (src/server/identity/signed.ts); this is for trying it out.
import { signSession } from '../src/server/identity/signed';

const [borrower, hours = '24'] = process.argv.slice(2);
const key = process.env.LENDER_SESSION_KEY ?? '';
if (!borrower || !(Number(hours) > 0)) {
  console.error('usage: LENDER_SESSION_KEY=... tsx scripts/sign-session.ts <borrower id> [hours]');
  process.exit(2);
}
console.log(signSession(key, borrower, new Date(Date.now() + Number(hours) * 3_600_000)));
