// Completion from the screen schema: field names where a field goes (with their descriptions),
// block types, action types and enum values where a value goes, and a whole example block or
// action where a list of them takes a new item.
import {
  snippetCompletion,
  type Completion,
  type CompletionContext,
  type CompletionResult,
} from '@codemirror/autocomplete';
import { getLocation, getNodeValue, parseTree, findNodeAtLocation, type Node } from 'jsonc-parser';
import type { FieldHelp, Option, SchemaNav } from './schemaNav';
import { vocabulary } from '../../../renderer/validate/vocabulary.gen';

const SHAPE_TEMPLATE: Record<FieldHelp['shape'], string> = {
  string: '"${}"',
  array: '[${}]',
  object: '{${}}',
  boolean: '${false}',
  number: '${0}',
  any: '${}',
};

const json = (v: unknown) => JSON.stringify(v);

/** Text that makes the snippet parser take `${` and `#{` literally. */
const literal = (s: string) => s.replace(/([$#])\{/g, '$1\\{');

function indentOf(text: string, pos: number): string {
  const start = text.lastIndexOf('\n', pos - 1) + 1;
  return /^[ \t]*/.exec(text.slice(start))?.[0] ?? '';
}

function optionCompletion(o: Option, boost = 0): Completion {
  return {
    label: json(o.value),
    type: o.title ? 'type' : 'enum',
    detail: o.title,
    info: o.description,
    boost,
  };
}

function exampleCompletion(o: Option, indent: string): Completion {
  const example = o.example ?? { [typeof o.value === 'string' ? 'type' : 'do']: o.value };
  const text = JSON.stringify(example, null, 2).replace(/\n/g, '\n' + indent);
  return {
    label: json(o.value),
    type: 'class',
    detail: o.title ? `${o.title} (example)` : 'example',
    info: o.description,
    apply: text,
  };
}

function objectKeys(tree: Node | undefined, path: (string | number)[]): string[] {
  const node = tree ? findNodeAtLocation(tree, path) : undefined;
  if (node?.type !== 'object') return [];
  return (node.children ?? []).map((p) => String(p.children?.[0]?.value ?? ''));
}

function signatureOf(name: string): string | undefined {
  return Object.prototype.hasOwnProperty.call(vocabulary.functions, name)
    ? vocabulary.functions[name]!.signature
    : undefined;
}

/** The variables and computed values the document declares, as the paths that read them. */
function declaredPaths(doc: unknown): string[] {
  const section = (name: string) => {
    const value = doc && typeof doc === 'object' ? (doc as Record<string, unknown>)[name] : undefined;
    return value && typeof value === 'object' && !Array.isArray(value) ? Object.keys(value) : [];
  };
  return [
    ...section('variables').map((n) => `vars.${n}`),
    ...section('computed').map((n) => `computed.${n}`),
  ];
}

export function schemaCompletion(nav: SchemaNav) {
  return (context: CompletionContext): CompletionResult | null => {
    const text = context.state.doc.toString();
    const pos = context.pos;
    const location = getLocation(text, pos);
    const tree = parseTree(text);
    const doc: unknown = tree ? getNodeValue(tree) : undefined;
    const prev = location.previousNode;
    const inToken = prev && pos > prev.offset && pos <= prev.offset + prev.length;
    const word = context.matchBefore(/"?[^\s"{}[\],:]*/);
    const from = inToken ? prev.offset : (word?.from ?? pos);
    const to = inToken ? prev.offset + prev.length : pos;
    const path = [...location.path];

    if (location.isAtPropertyKey) {
      const objectPath = path.slice(0, -1);
      const present = new Set(objectKeys(tree, objectPath));
      const typing = path[path.length - 1];
      const keyOnly = /^\s*:/.test(text.slice(to));
      const fields = nav.fields(objectPath, doc);
      // In an expression object the keys are operators and functions: show their typed signature.
      const operators = fields.some((f) => f.name === '$');
      const options = fields
        .filter((f) => f.name === typing || !present.has(f.name))
        .map((f) => {
          const signature = operators ? signatureOf(f.name) : undefined;
          const base = {
            label: json(f.name),
            type: signature ? 'function' : 'property',
            detail: signature ?? (f.shape === 'any' ? undefined : f.shape),
            info: f.description || undefined,
          };
          // "type" and "do" first: the rest of an object depends on them.
          const boost = f.name === 'type' || f.name === 'do' ? 10 : 0;
          return keyOnly
            ? { ...base, boost }
            : snippetCompletion(`${literal(json(f.name))}: ${SHAPE_TEMPLATE[f.shape]}`, { ...base, boost });
        });
      return options.length > 0 ? { from, to, options, validFor: /^"?[\w$?=!<>+-]*"?$/ } : null;
    }

    const before = text.slice(0, from).trimEnd();
    if (!context.explicit && !inToken && !word?.text && !/[:[,]$/.test(before)) return null;
    const last = path[path.length - 1];
    if (typeof last === 'number') {
      const union = nav.items(path.slice(0, -1), doc);
      if (!union) return null;
      // Inside an existing item: that is a value position of its own, not a new item.
      if (inToken || /[{"]$/.test(before)) return null;
      const indent = indentOf(text, pos);
      return {
        from,
        to,
        options: union.options.filter((o) => o.value !== undefined).map((o) => exampleCompletion(o, indent)),
      };
    }
    if (last === '$') {
      const names = declaredPaths(doc);
      return names.length > 0
        ? {
            from,
            to,
            options: names.map((n) => ({ label: json(n), type: 'variable' })),
            validFor: /^"?[\w.]*"?$/,
          }
        : null;
    }
    const options = nav.values(path, doc).map((o) => optionCompletion(o, o.title ? 1 : 0));
    return options.length > 0 ? { from, to, options, validFor: /^"?[\w-]*"?$/ } : null;
  };
}
