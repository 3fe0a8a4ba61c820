// Accounts (admin): list, create, change roles, disable, and unlock one that refused sign-ins
// hold back (issue 28 item 6). The server ends an account's sessions when its roles, password or
// status change, and keeps the last admin.
import { useCallback, useEffect, useState } from 'react';
import type { StudioApi } from '../api';
import type { AccountRow } from './types';

const ROLES = ['editor', 'publisher', 'admin'] as const;

export function AccountsView({ api }: { api: StudioApi }) {
  const [accounts, setAccounts] = useState<AccountRow[] | null>(null);
  const [message, setMessage] = useState('');
  const [form, setForm] = useState({
    username: '',
    displayName: '',
    password: '',
    roles: ['editor'] as string[],
  });
  const load = useCallback(async () => {
    const reply = await api.call<{ accounts: AccountRow[] }>('GET', '/accounts');
    setAccounts(reply.ok ? reply.body.accounts : []);
    if (!reply.ok) setMessage(reply.message);
  }, [api]);
  useEffect(() => void load(), [load]);

  async function update(a: AccountRow, change: Partial<AccountRow>, done: string) {
    const reply = await api.call('PATCH', `/accounts/${a.id}`, change);
    setMessage(reply.ok ? `${a.username}: ${done}` : `${a.username} not changed: ${reply.message}`);
    await load();
  }
  async function unlock(a: AccountRow) {
    const reply = await api.call<{ refusalsForgotten: number }>('POST', `/accounts/${a.id}/unlock`, {});
    setMessage(
      reply.ok
        ? `${a.username}: unlocked (${reply.body.refusalsForgotten} refused sign-ins forgotten)`
        : `${a.username} not unlocked: ${reply.message}`,
    );
    await load();
  }
  async function create() {
    const reply = await api.call('POST', '/accounts', form);
    setMessage(reply.ok ? `Account ${form.username} created` : `Not created: ${reply.message}`);
    if (reply.ok) setForm({ username: '', displayName: '', password: '', roles: ['editor'] });
    await load();
  }
  const toggle = (roles: string[], role: string) =>
    roles.includes(role) ? roles.filter((r) => r !== role) : [...roles, role];

  return (
    <section className="studio-page-body" aria-label="Accounts">
      <h2>Accounts</h2>
      {message && <p role="status">{message}</p>}
      <table className="studio-table" aria-label="Accounts list">
        <thead>
          <tr>
            <th>Account</th>
            <th>Name</th>
            {ROLES.map((r) => (
              <th key={r}>{r}</th>
            ))}
            <th>Status</th>
            <th>Sign-in</th>
          </tr>
        </thead>
        <tbody>
          {accounts?.map((a) => (
            <tr key={a.id}>
              <td>
                {a.username}
                {a.demo ? ' (demo)' : ''}
              </td>
              <td>{a.displayName}</td>
              {ROLES.map((r) => (
                <td key={r}>
                  <input
                    type="checkbox"
                    aria-label={`${a.username} ${r}`}
                    checked={a.roles.includes(r)}
                    onChange={() => void update(a, { roles: toggle(a.roles, r) }, 'roles changed')}
                  />
                </td>
              ))}
              <td>
                <button
                  type="button"
                  onClick={() =>
                    void update(a, { disabled: !a.disabled }, a.disabled ? 'enabled' : 'disabled')
                  }
                >
                  {a.disabled ? 'Enable' : 'Disable'}
                </button>
              </td>
              <td>
                {a.signIn.limited
                  ? `Held back: ${a.signIn.failures} refused in the last hour `
                  : a.signIn.failures > 0
                    ? `${a.signIn.failures} refused in the last hour `
                    : 'OK '}
                {a.signIn.failures > 0 && (
                  <button type="button" aria-label={`Unlock ${a.username}`} onClick={() => void unlock(a)}>
                    Unlock
                  </button>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <fieldset className="studio-form" aria-label="New account">
        <legend>New account</legend>
        <label className="studio-field">
          Account name{' '}
          <input value={form.username} onChange={(e) => setForm({ ...form, username: e.target.value })} />
        </label>
        <label className="studio-field">
          Display name{' '}
          <input
            value={form.displayName}
            onChange={(e) => setForm({ ...form, displayName: e.target.value })}
          />
        </label>
        <label className="studio-field">
          Password (12 characters or more)
          <input
            type="password"
            autoComplete="new-password"
            value={form.password}
            onChange={(e) => setForm({ ...form, password: e.target.value })}
          />
        </label>
        {ROLES.map((r) => (
          <label key={r} className="studio-choice">
            <input
              type="checkbox"
              checked={form.roles.includes(r)}
              onChange={() => setForm({ ...form, roles: toggle(form.roles, r) })}
            />{' '}
            {r}
          </label>
        ))}
        <button
          type="button"
          className="studio-primary"
          disabled={!form.username || form.password.length < 12 || form.roles.length === 0}
          onClick={() => void create()}
        >
          Create
        </button>
      </fieldset>
    </section>
  );
}
