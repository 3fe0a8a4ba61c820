// Helper validators (P-27). The registration phone rule is data in the promotion template
// (ruling 5); PHONE_PATTERN is only the spec's default.

export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** The spec's phone rule (§5): 11 digits starting 13-19. */
export const PHONE_PATTERN = /^1[3-9]\d{9}$/;

export function isEmail(value: unknown): boolean {
  return typeof value === 'string' && value.length <= 254 && EMAIL_PATTERN.test(value.trim());
}

export function isPhone(value: unknown, pattern: RegExp = PHONE_PATTERN): boolean {
  return typeof value === 'string' && pattern.test(value.replace(/\s+/g, ''));
}

/** Absolute http(s) URLs with a host. */
export function isUrl(value: unknown): boolean {
  if (typeof value !== 'string') return false;
  try {
    const url = new URL(value.trim());
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}
