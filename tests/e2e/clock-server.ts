// The reference server with a clock the test moves (the `now` option the server tests use):
// schedules, promotion ends, sessions and preview links all read it. Started by tests/e2e/clock.ts;
// a line "advance <ms>" on stdin moves the clock, answered by "clock <iso>" on stdout. Test-only:
// the product's entry (src/server/main.ts) has no way to move its clock.
import { createInterface } from 'node:readline';
import { buildServer } from '../../src/server/app';
import { optionsFromEnv } from '../../src/server/config';

// E2E_CLOCK_AT: the server starts (and seeds its demo data) at that instant, then time runs on.
let offset = process.env.E2E_CLOCK_AT ? Date.parse(process.env.E2E_CLOCK_AT) - Date.now() : 0;
const now = () => new Date(Date.now() + offset);

const { port, host, ...options } = optionsFromEnv();
const app = await buildServer({ ...options, now, passwordCost: 4 });
await app.listen({ port, host });
console.log(`listening ${port}`);

createInterface({ input: process.stdin }).on('line', (line) => {
  const [command, amount] = line.trim().split(' ');
  if (command === 'advance') offset += Number(amount);
  // The due schedules run on the next tick (every second); run them now so a test waits less.
  void app.content.tick().finally(() => console.log(`clock ${now().toISOString()}`));
});
process.stdin.on('end', () => void app.close().then(() => process.exit(0)));
