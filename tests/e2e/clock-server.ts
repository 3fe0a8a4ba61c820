// The reference server with a clock the test moves (the `now` option the server tests use):
// schedules, promotion ends, sessions and preview links all read it. Started by tests/e2e/clock.ts;
// a line "advance <ms>" on stdin moves the clock, answered by "clock <iso>" on stdout. Test-only:
// the product's entry (src/server/main.ts) has no way to move its clock; otherwise it starts as
// main.ts does, production's checks and the studio's own listener included, and prepares a
// production database as ops would (prod-setup.ts).
import { createInterface } from 'node:readline';
import { buildServer } from '../../src/server/app';
import { optionsFromEnv } from '../../src/server/config';
import { productionProblems, refusalMessage } from '../../src/server/ops/production';
import { prepareProduction } from './prod-setup';

// E2E_CLOCK_AT: the server starts (and seeds its demo data) at that instant, then time runs on.
let offset = process.env.E2E_CLOCK_AT ? Date.parse(process.env.E2E_CLOCK_AT) - Date.now() : 0;
const now = () => new Date(Date.now() + offset);

const problems = productionProblems(process.env);
if (problems.length > 0) {
  console.error(refusalMessage(problems));
  process.exit(1);
}
const { port, host, ...options } = optionsFromEnv();
const app = await buildServer({ ...options, now });
if (app.cfg.production) await prepareProduction(app.db, now());
await app.listen({ port, host });
if (app.studioServer) await app.studioServer.listen({ port: app.cfg.studioPort ?? 0, host });
console.log(`listening ${port}`);

createInterface({ input: process.stdin }).on('line', (line) => {
  const [command, amount] = line.trim().split(' ');
  if (command === 'advance') offset += Number(amount);
  // The due schedules run on the next tick (every second); run them now so a test waits less.
  void app.content.tick().finally(() => console.log(`clock ${now().toISOString()}`));
});
process.stdin.on('end', () => void app.close().then(() => process.exit(0)));
