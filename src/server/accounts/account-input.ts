// An account's fields as an admin (or the account commands) send them, checked: a 400 saying what
// to send. Passwords are passwords.ts's.
import { Refusal } from '../lib/refusal.js';
import { ROLES, type Role } from './roles.js';

export const USERNAME = /^[a-z0-9][a-z0-9._-]{1,63}$/;

/** A new account's name, lower-cased. */
export function usernameOf(value: unknown): string {
  const username = typeof value === 'string' ? value.trim().toLowerCase() : '';
  if (!USERNAME.test(username))
    throw new Refusal(
      400,
      'username: 2-64 characters, lower-case letters, digits, dot, dash or underscore, starting with a letter or digit',
    );
  return username;
}

/** Roles as given (a list of names), checked: at least one, all known, no repeats. */
export function checkRoles(value: unknown): Role[] {
  if (!Array.isArray(value) || value.length === 0)
    throw new Refusal(400, `roles must be a non-empty list of ${ROLES.join(', ')}`);
  const roles = [...new Set(value)];
  for (const role of roles)
    if (!(ROLES as readonly unknown[]).includes(role))
      throw new Refusal(400, `unknown role '${String(role)}': use ${ROLES.join(', ')}`);
  return ROLES.filter((r) => roles.includes(r));
}

/** A display name without control characters; `fallback` when none is given. */
export function cleanName(value: unknown, fallback: string): string {
  if (value === undefined || value === null || value === '') return fallback;
  if (typeof value !== 'string') throw new Refusal(400, 'displayName must be text');
  // eslint-disable-next-line no-control-regex
  const name = value.replace(/[\u0000-\u001f\u007f]/g, '').trim();
  if (name.length === 0 || name.length > 100) throw new Refusal(400, 'displayName: 1-100 characters');
  return name;
}
