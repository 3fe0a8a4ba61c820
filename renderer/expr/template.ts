import { readPath } from './path';
import { toText } from './values';

export type Formatter = (name: string, value: unknown, arg?: string) => string;

// {path}, {path|format} or {path|format:arg}; {{ and }} are literal braces.
const PLACEHOLDER = /\{\{|\}\}|\{([A-Za-z_][A-Za-z0-9_.$-]*)(?:\|([A-Za-z][A-Za-z0-9_-]*)(?::([^}]*))?)?\}/g;

export function interpolate(
  template: string,
  scope: unknown,
  format: Formatter,
  onRead?: (path: string, value: unknown) => void,
): string {
  return template.replace(PLACEHOLDER, (match, path?: string, name?: string, arg?: string) => {
    if (match === '{{') return '{';
    if (match === '}}') return '}';
    const value = readPath(scope, path!);
    onRead?.(path!, value);
    return name ? format(name, value, arg) : toText(value);
  });
}

/** The paths a template reads, for the document checker. */
export function templatePaths(template: string): string[] {
  const paths: string[] = [];
  for (const m of template.matchAll(PLACEHOLDER)) if (m[1]) paths.push(m[1]);
  return paths;
}
