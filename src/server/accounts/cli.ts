// npm run studio:user -- <command>: account management from the command line, for the first admin
// and for when no admin can sign in. Every change is in the audit log, by `cli:<os user>`.
//
//   add <name> --role <role> [--role <role>] [--name "Display name"]   password from stdin or a prompt
//   list
//   roles <name> --role <role> [--role <role>]
//   password <name>                                                     password from stdin or a prompt
//   disable <name> | enable <name>
//   unlock <name>                                                       forgets its refused sign-ins
import { userInfo } from 'node:os';
import type { Kysely } from 'kysely';
import type { Actor } from '../audit/log.js';
import type { Database } from '../db/schema.js';
import { Refusal } from '../lib/refusal.js';
import { accountsOf, ROLES } from './accounts.js';
import { sessionsOf } from './sessions.js';
import { signInLimitsOf } from './sign-in-limits.js';

export const USAGE = `Usage: npm run studio:user -- <command>
  add <account> --role <${ROLES.join('|')}> [--role ...] [--name "Display name"]
  list
  roles <account> --role <role> [--role ...]
  password <account>
  disable <account>
  enable <account>
  unlock <account>     forget its refused sign-ins (when limits hold it back)
The password is read from standard input when it is not a terminal (echo ... | npm run ...),
otherwise asked for twice without echo. Passwords need at least 12 characters.`;

export interface CliIo {
  out(line: string): void;
  /** Reads a new password (stdin or a prompt). */
  password(): Promise<string>;
}

function options(args: string[]): { positional: string[]; roles: string[]; name?: string } {
  const positional: string[] = [];
  const roles: string[] = [];
  let name: string | undefined;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (arg === '--role') roles.push(...String(args[++i] ?? '').split(','));
    else if (arg.startsWith('--role=')) roles.push(...arg.slice(7).split(','));
    else if (arg === '--name') name = args[++i];
    else if (arg.startsWith('--name=')) name = arg.slice(7);
    else positional.push(arg);
  }
  return { positional, roles: roles.filter(Boolean), ...(name !== undefined ? { name } : {}) };
}

/** Runs one command; returns the process exit code. */
export async function runUserCommand(db: Kysely<Database>, args: string[], io: CliIo): Promise<number> {
  const now = () => new Date();
  const accounts = accountsOf(db, { now });
  const sessions = sessionsOf(db, { now, demo: false });
  const actor: Actor = { id: null, name: `cli:${safeUser()}` };
  const [command, ...rest] = args;
  const { positional, roles, name } = options(rest);
  const target = async () => {
    const username = positional[0]?.toLowerCase();
    const row = username ? await accounts.byName(username) : undefined;
    if (!row) throw new Refusal(404, `no account '${positional[0] ?? ''}'`);
    return row;
  };
  try {
    switch (command) {
      case 'add': {
        const account = await accounts.create(
          { username: positional[0], displayName: name, roles, password: await io.password() },
          actor,
        );
        io.out(`Created ${account.username} (${account.roles.join(', ')}).`);
        return 0;
      }
      case 'list':
        for (const a of await accounts.list())
          io.out(
            `${a.username}\t${a.roles.join(',')}\t${a.disabled ? 'disabled' : 'active'}${a.demo ? '\tdemo' : ''}\t${a.displayName}`,
          );
        return 0;
      case 'roles': {
        const row = await target();
        const { account } = await accounts.update(row.id, { roles }, actor);
        await sessions.endAllOf(row.id);
        io.out(`${account.username} now has: ${account.roles.join(', ')}.`);
        return 0;
      }
      case 'password': {
        const row = await target();
        await accounts.update(row.id, { password: await io.password() }, actor);
        await sessions.endAllOf(row.id);
        io.out(`New password set for ${row.username}; their sessions are ended.`);
        return 0;
      }
      case 'disable':
      case 'enable': {
        const row = await target();
        await accounts.update(row.id, { disabled: command === 'disable' }, actor);
        if (command === 'disable') await sessions.endAllOf(row.id);
        io.out(`${row.username} is ${command}d.`);
        return 0;
      }
      case 'unlock': {
        const row = await target();
        const forgotten = await signInLimitsOf(db, now).unlock(row.username, actor);
        io.out(`${row.username} is unlocked (${forgotten} refused sign-ins forgotten).`);
        return 0;
      }
      default:
        io.out(USAGE);
        return command === undefined || command === 'help' || command === '--help' ? 0 : 2;
    }
  } catch (error) {
    if (error instanceof Refusal) {
      io.out(`Refused: ${error.message}`);
      return 1;
    }
    throw error;
  }
}

function safeUser(): string {
  try {
    return userInfo().username;
  } catch {
    return 'unknown';
  }
}
