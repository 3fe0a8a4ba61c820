// @vitest-environment node
// The account commands (npm run studio:user) answer a refused change with its sentence and exit
// code 1, and never throw it: the refusal is the server's one Refusal (src/server/lib/refusal.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runUserCommand, type CliIo } from '../../src/server/accounts/cli.js';
import { startServer, type TestServer } from './helpers.js';

describe('the account commands', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startServer('sqlite');
  });
  afterAll(() => s.close());

  const run = async (...args: string[]) => {
    const lines: string[] = [];
    const io: CliIo = { out: (line) => lines.push(line), password: async () => 'a long enough password' };
    return { code: await runUserCommand(s.app.db, args, io), out: lines.join('\n') };
  };

  it('refuse an unknown role, an unknown account and a taken name with a sentence and exit code 1', async () => {
    expect(await run('add', 'ops-lead', '--role', 'owner')).toEqual({
      code: 1,
      out: "Refused: unknown role 'owner': use editor, publisher, admin",
    });
    expect(await run('disable', 'nobody')).toEqual({ code: 1, out: "Refused: no account 'nobody'" });
    const added = await run('add', 'ops-lead', '--role', 'publisher');
    expect(added.code).toBe(0);
    expect(await run('add', 'ops-lead', '--role', 'editor')).toEqual({
      code: 1,
      out: "Refused: there is already an account 'ops-lead'",
    });
    const listed = await run('list');
    expect(listed.out).toContain('ops-lead');
  });
});
