// npm run studio:user -- <command>: studio accounts from the command line (src/server/accounts/cli.ts).
// Opens the database the server would (DATABASE_URL or SQLITE_PATH) and migrates it first.
import { createInterface } from 'node:readline';
import { Writable } from 'node:stream';
import { runUserCommand, type CliIo } from '../src/server/accounts/cli';
import { optionsFromEnv, resolveConfig } from '../src/server/config';
import { openDb } from '../src/server/db/connection';
import { migrateToLatest } from '../src/server/db/migrate';

async function readStdin(): Promise<string> {
  let text = '';
  for await (const chunk of process.stdin) text += String(chunk);
  return text.replace(/\r?\n$/, '');
}

/** Asks without echoing what is typed. */
function ask(question: string): Promise<string> {
  let muted = false;
  const output = new Writable({
    write(chunk, _encoding, done) {
      if (!muted) process.stdout.write(chunk);
      done();
    },
  });
  const rl = createInterface({ input: process.stdin, output, terminal: true });
  return new Promise((resolve) => {
    rl.question(question, (answer) => {
      rl.close();
      process.stdout.write('\n');
      resolve(answer);
    });
    muted = true;
  });
}

const io: CliIo = {
  out: (line) => console.log(line),
  async password() {
    if (!process.stdin.isTTY) return readStdin();
    const first = await ask('Password: ');
    const second = await ask('Again: ');
    if (first !== second) throw new Error('The two passwords differ');
    return first;
  },
};

const handle = openDb(resolveConfig(optionsFromEnv()).db);
try {
  await migrateToLatest(handle);
  process.exitCode = await runUserCommand(handle.db, process.argv.slice(2), io);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  await handle.close();
}
