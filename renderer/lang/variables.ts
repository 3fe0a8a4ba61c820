// Typed variables: their starting values and the guard every write to vars.* passes through (the
// store calls it, so set, bind, call's `into` and every block are covered alike).
import { readPath, splitPath, writePath } from '../expr/path';
import { REFUSED, type WriteGuard } from '../store/store';
import { NOT_OF_TYPE, toType, typeName } from './valueTypes';

export interface VariableDecl {
  type: string;
  value?: unknown;
}

export type Declarations = Readonly<Record<string, VariableDecl | undefined>>;
type Report = (name: string, message: string) => void;

const own = (decls: Declarations, name: string) =>
  Object.prototype.hasOwnProperty.call(decls, name) ? decls[name] : undefined;

/** The starting values; one of the wrong type (a document that skipped the checker) starts null. */
export function initialVariables(decls: Declarations, report: Report): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, decl] of Object.entries(decls)) {
    if (!decl || name === '__proto__') continue;
    const value = toType(decl.type, decl.value ?? null);
    if (value === NOT_OF_TYPE)
      report(
        name,
        `variable '${name}' is ${decl.type} but starts as ${typeName(decl.value)}; it starts as null`,
      );
    out[name] = value === NOT_OF_TYPE ? null : value;
  }
  return out;
}

/**
 * Checks a write to vars.<name>[.more]: the variable must be declared, and after the write it must
 * still have its type. Returns the variable's whole new value (converted), or REFUSED (reported).
 */
export function variableGuard(decls: Declarations, report: Report): WriteGuard {
  return (path, value, vars) => {
    const parts = splitPath(path);
    const name = parts?.[1];
    const decl = name === undefined ? undefined : own(decls, name);
    if (!parts || name === undefined || !decl) {
      report(name ?? '', `there is no variable '${name ?? ''}' in this screen's variables`);
      return REFUSED;
    }
    const inner = parts.slice(2).join('.');
    const whole = inner === '' ? value : writePath(readPath(vars, name) ?? null, inner, value);
    // A write inside a list must not turn it into an object (writePath does, for a key that is not a number).
    const fits =
      inner === '' || (decl.type === 'object' ? true : decl.type === 'list' && /^\d+(\.|$)/.test(inner));
    const converted = fits ? toType(decl.type, whole) : NOT_OF_TYPE;
    if (converted === NOT_OF_TYPE) {
      report(name, `variable '${name}' is ${decl.type}; ${typeName(value)} cannot be written to ${path}`);
      return REFUSED;
    }
    return converted;
  };
}
