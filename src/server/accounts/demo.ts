// The demo's two accounts (npm start prints them): an editor and a publisher, so the whole flow
// can be tried with four eyes. Marked as demo accounts: they cannot sign in to a server that is not
// running as the demo (LENDER_DEV=0), whatever database it opens.
import type { Actor } from '../audit/log.js';
import type { Accounts, Role } from './accounts.js';

export const DEMO_ACCOUNTS: readonly {
  username: string;
  displayName: string;
  roles: Role[];
  password: string;
}[] = [
  { username: 'editor', displayName: 'Demo editor', roles: ['editor'], password: 'demo-editor-password' },
  {
    username: 'publisher',
    displayName: 'Demo publisher',
    roles: ['publisher'],
    password: 'demo-publisher-password',
  },
];

const SEED: Actor = { id: null, name: 'system' };

/** Creates the demo accounts that do not exist yet (an account of the same name is left alone). */
export async function seedDemoAccounts(accounts: Accounts): Promise<void> {
  for (const demo of DEMO_ACCOUNTS) {
    if (await accounts.byName(demo.username)) continue;
    try {
      await accounts.create({ ...demo, demo: true }, SEED);
    } catch (error) {
      // Another instance made it at the same moment (unique name): fine.
      if (!(await accounts.byName(demo.username))) throw error;
    }
  }
}
