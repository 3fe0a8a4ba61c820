// The studio's roles: editors draft, publishers approve, publish, schedule and roll back, admins
// manage accounts. An account may hold several (stored comma-separated).
export const ROLES = ['editor', 'publisher', 'admin'] as const;
export type Role = (typeof ROLES)[number];

export function parseRoles(text: string): Role[] {
  return text.split(',').filter((r): r is Role => (ROLES as readonly string[]).includes(r));
}
