// Parses a JSON file keeping positions, so the checker can say file:line:col for a JSON pointer,
// and explains syntax errors in plain words. A text nested deeper than the documents' limit is not
// parsed at all (issue 28 item 4): the parser and the checks after it recurse, and 5,000 levels of
// brackets overflowed the stack (a 500 on the server's save).
import { parseTree, printParseErrorCode, type Node, type ParseError } from 'jsonc-parser';
import { MAX_DEPTH } from '../../renderer/validate/validateDocument';

export interface Position {
  line: number;
  column: number;
}

export interface ParsedJson {
  text: string;
  tree: Node | undefined;
  value: unknown;
  /**
   * Syntax errors, in file order (the value is unusable when there are any); `depth` when the text
   * is nested deeper than MAX_DEPTH (then it is not parsed).
   */
  syntax: { offset: number; message: string; keyword?: 'depth' }[];
  /** Fields written twice in one object (JSON.parse silently keeps the last). */
  duplicates: { offset: number; pointer: string; key: string }[];
}

const SYNTAX: Record<string, string> = {
  InvalidSymbol: 'unexpected character',
  InvalidNumberFormat: 'invalid number',
  PropertyNameExpected: 'expected a field name in double quotes',
  ValueExpected: 'expected a value',
  ColonExpected: "missing ':' after the field name",
  CommaExpected: 'missing comma',
  CloseBraceExpected: "missing closing '}'",
  CloseBracketExpected: "missing closing ']'",
  EndOfFileExpected: 'unexpected text after the end of the document',
  InvalidCommentToken: 'comments are not allowed in JSON',
  UnexpectedEndOfComment: 'unterminated comment',
  UnexpectedEndOfString: 'unterminated string (missing closing ")',
  UnexpectedEndOfNumber: 'unfinished number',
  InvalidUnicode: 'invalid \\u escape in a string',
  InvalidEscapeCharacter: 'invalid escape (\\) in a string',
  InvalidCharacter: 'invalid character in a string (line breaks and tabs must be written \\n and \\t)',
};

function syntaxMessage(error: ParseError, text: string): string {
  const name = printParseErrorCode(error.error);
  const before = text.slice(0, error.offset).trimEnd();
  const closing = text[error.offset];
  if (
    (name === 'PropertyNameExpected' || name === 'ValueExpected') &&
    before.endsWith(',') &&
    /[}\]]/.test(closing ?? '')
  )
    return `trailing comma before '${closing}' is not allowed in JSON`;
  if (name === 'PropertyNameExpected' && closing === "'") return 'field names need double quotes ("), not \'';
  return SYNTAX[name] ?? name;
}

const escape = (key: string) => key.replace(/~/g, '~0').replace(/\//g, '~1');

function findDuplicates(node: Node | undefined, pointer: string, out: ParsedJson['duplicates']): void {
  if (!node?.children) return;
  if (node.type === 'array') {
    node.children.forEach((child, i) => findDuplicates(child, `${pointer}/${i}`, out));
    return;
  }
  if (node.type !== 'object') return;
  const seen = new Set<string>();
  for (const property of node.children) {
    const [keyNode, valueNode] = property.children ?? [];
    const key = String(keyNode?.value);
    if (seen.has(key)) out.push({ offset: property.offset, pointer: `${pointer}/${escape(key)}`, key });
    seen.add(key);
    findDuplicates(valueNode, `${pointer}/${escape(key)}`, out);
  }
}

/** Where the text's brackets first go deeper than `max` (strings skipped), or -1. */
export function tooDeepAt(text: string, max: number): number {
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 34 /* " */) {
      for (i++; i < text.length && text.charCodeAt(i) !== 34; i++) if (text.charCodeAt(i) === 92) i++;
    } else if (c === 91 /* [ */ || c === 123 /* { */) {
      if (++depth > max) return i;
    } else if (c === 93 /* ] */ || c === 125 /* } */) depth--;
  }
  return -1;
}

export function parseJson(text: string): ParsedJson {
  const deep = tooDeepAt(text, MAX_DEPTH);
  if (deep >= 0)
    return {
      text,
      tree: undefined,
      value: undefined,
      syntax: [
        {
          offset: deep,
          message: `the document is nested more than ${MAX_DEPTH} levels deep here (objects and lists inside each other): no screen needs that many; flatten it`,
          keyword: 'depth',
        },
      ],
      duplicates: [],
    };
  const errors: ParseError[] = [];
  const tree = parseTree(text, errors, { disallowComments: true, allowTrailingComma: false });
  const syntax = errors.map((e) => ({ offset: e.offset, message: syntaxMessage(e, text) }));
  const duplicates: ParsedJson['duplicates'] = [];
  let value: unknown;
  if (syntax.length === 0) {
    findDuplicates(tree, '', duplicates);
    value = JSON.parse(text) as unknown;
  }
  return { text, tree, value, syntax, duplicates };
}

/** The offset a pointer refers to: a field's name when it names a field, else the value. */
export function offsetOf(tree: Node | undefined, segments: readonly string[]): number {
  let node = tree;
  let offset = tree?.offset ?? 0;
  for (const segment of segments) {
    if (!node?.children) break;
    if (node.type === 'array') {
      const child = node.children[Number(segment)];
      if (!child) break;
      node = child;
      offset = child.offset;
    } else if (node.type === 'object') {
      const property = node.children.find((p) => p.children?.[0]?.value === segment);
      if (!property?.children?.[1]) break;
      node = property.children[1];
      offset = property.offset;
    } else break;
  }
  return offset;
}

export function positionOf(text: string, offset: number): Position {
  let line = 1;
  let start = 0;
  for (let i = 0; i < offset && i < text.length; i++) {
    if (text[i] === '\n') {
      line++;
      start = i + 1;
    }
  }
  return { line, column: offset - start + 1 };
}
