// The four-eyes rule's setting, recorded in the audit log whenever it changes from one start to
// the next (a team of one relaxes it with LENDER_FOUR_EYES=0; each approval of one's own change
// is recorded too, in flow.ts).
import { audit, SYSTEM } from '../audit/log.js';
import type { Db } from './store.js';

const KEY = 'four_eyes';

export async function recordFourEyes(db: Db, enabled: boolean, now: () => Date): Promise<void> {
  const value = enabled ? 'on' : 'off';
  await db.transaction().execute(async (trx) => {
    const row = await trx.selectFrom('app_meta').select('value').where('key', '=', KEY).executeTakeFirst();
    if (row?.value === value) return;
    await trx
      .insertInto('app_meta')
      .values({ key: KEY, value })
      .onConflict((oc) => oc.column('key').doUpdateSet({ value }))
      .execute();
    // The default on a fresh database is not news; any relaxation, or a return to the rule, is.
    if (!row && enabled) return;
    await audit(trx, {
      at: now().toISOString(),
      actor: SYSTEM,
      action: 'config.four-eyes',
      target: 'config',
      detail: { enabled, previous: row?.value ?? 'on' },
    });
  });
}
