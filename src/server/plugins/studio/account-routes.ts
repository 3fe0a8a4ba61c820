// Accounts, for admins: list (with their refused sign-ins of the last hour), create, change
// (roles, name, password, disabled), and unlock (forget the refused sign-ins that hold it back).
import type { FastifyInstance } from 'fastify';
import type { AccountRow } from '../../../wire/studio.js';
import type { Account } from '../../accounts/accounts.js';
import { Refusal } from '../../lib/refusal.js';
import { actorOf, ADMINS } from './guard.js';
import type { StudioServices } from './services.js';

/** An account as the studio's account page reads it (src/wire/studio.ts), before its sign-in status. */
const view = (a: Account): Omit<AccountRow, 'signIn'> & { updatedAt: string } => ({
  id: a.id,
  username: a.username,
  displayName: a.displayName,
  roles: a.roles,
  disabled: a.disabled,
  demo: a.demo,
  createdAt: a.createdAt,
  updatedAt: a.updatedAt,
});

const id = { type: 'object', properties: { id: { type: 'integer', minimum: 1 } }, required: ['id'] } as const;

export function accountRoutes(api: FastifyInstance, s: StudioServices): void {
  api.get('/accounts', { config: { roles: ADMINS } }, async () => ({
    ok: true,
    accounts: await Promise.all(
      (await s.accounts.list()).map(async (a) => ({ ...view(a), signIn: await s.limits.status(a.username) })),
    ),
  }));

  api.post<{ Body: Record<string, unknown> }>(
    '/accounts',
    { config: { roles: ADMINS }, schema: { body: { type: 'object' } } },
    async (request, reply) => {
      const { username, displayName, roles, password } = request.body;
      const account = await s.accounts.create({ username, displayName, roles, password }, actorOf(request));
      return reply.code(201).send({ ok: true, account: view(account) });
    },
  );

  api.post<{ Params: { id: number } }>(
    '/accounts/:id/unlock',
    { config: { roles: ADMINS }, schema: { params: id, body: { type: 'object' } } },
    async (request) => {
      const account = await s.accounts.byId(request.params.id);
      if (!account) throw new Refusal(404, `no account ${request.params.id}`);
      const refusalsForgotten = await s.limits.unlock(account.username, actorOf(request));
      return {
        ok: true,
        account: { ...view(account), signIn: await s.limits.status(account.username) },
        refusalsForgotten,
      };
    },
  );

  api.patch<{ Params: { id: number }; Body: Record<string, unknown> }>(
    '/accounts/:id',
    {
      config: { roles: ADMINS },
      schema: { params: id, body: { type: 'object' } },
    },
    async (request) => {
      const { displayName, roles, disabled, password } = request.body;
      const { account, endSessions } = await s.accounts.update(
        request.params.id,
        { displayName, roles, disabled, password },
        actorOf(request),
      );
      if (endSessions) await s.sessions.endAllOf(account.id);
      return { ok: true, account: view(account) };
    },
  );
}
