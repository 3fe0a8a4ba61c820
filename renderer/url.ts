// The one URL rule (ruling 11): follow http(s) URLs and app paths, refuse everything else.

export function safeUrl(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const url = value.trim();
  if (url === '') return null;
  // App-relative paths, but not protocol-relative ones (//evil.example) or backslash tricks.
  if (url.startsWith('/') && !url.startsWith('//') && !url.startsWith('/\\')) return url;
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.href : null;
  } catch {
    return null;
  }
}

export function isExternal(url: string): boolean {
  return /^https?:/i.test(url);
}
