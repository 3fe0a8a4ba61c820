// Completion in the studio's editor: what ops are offered where the cursor is.
import { CompletionContext, type CompletionResult } from '@codemirror/autocomplete';
import { EditorState } from '@codemirror/state';
import { describe, expect, it } from 'vitest';
import { schemaCompletion } from '../../../src/studio/editor/completion';
import { schemaNav } from '../../../src/studio/editor/schemas';

const complete = schemaCompletion(schemaNav);

/** Completion at the `|` of `text`. */
function at(text: string, explicit = false): CompletionResult | null {
  const pos = text.indexOf('|');
  const state = EditorState.create({ doc: text.replace('|', '') });
  return complete(new CompletionContext(state, pos, explicit)) as CompletionResult | null;
}
const labels = (r: CompletionResult | null) => (r?.options ?? []).map((o) => o.label);

describe('schema completion', () => {
  it('offers the fields of the block being written, with their descriptions, not those already there', () => {
    const result = at('{"schemaVersion": 1, "body": [{"type": "button", "label": "Go", "|"}]}');
    expect(labels(result)).toEqual(expect.arrayContaining(['"onTap"', '"variant"', '"visible"']));
    expect(labels(result)).not.toContain('"label"');
    expect(labels(result)).not.toContain('"type"');
    expect(result?.options.find((o) => o.label === '"onTap"')?.info).toBe('Actions run on tap.');
  });

  it('offers the block types where a block type goes, and enum values where a field has them', () => {
    const types = at('{"body": [{"type": "bu|"}]}');
    const button = types?.options.find((o) => o.label === '"button"');
    expect(button?.detail).toBe('Button');
    expect(String(button?.info)).toMatch(/^A button\./);
    expect(labels(at('{"body": [{"type": "button", "variant": |}]}'))).toEqual([
      '"primary"',
      '"secondary"',
      '"outline"',
      '"text"',
      '"link"',
    ]);
    expect(labels(at('{"body": [{"type": "button", "onTap": [{"do": "|"}]}]}'))).toEqual(
      expect.arrayContaining(['"call"', '"navigate"', '"toast"', '"openModal"']),
    );
  });

  it('offers whole example blocks where a new block goes', () => {
    const result = at('{"body": [\n  |\n]}', true);
    const button = result?.options.find((o) => o.label === '"button"');
    expect(String(button?.apply)).toContain('"type": "button"');
    expect(String(button?.apply)).toContain('\n  '); // indented where it lands
  });

  it('offers expression operators inside an expression object', () => {
    expect(labels(at('{"body": [{"type": "text", "text": {"|"}}]}'))).toEqual(
      expect.arrayContaining(['"$"', '"t"', '"=="', '"if"']),
    );
  });

  it('stays quiet while a plain value is typed without asking', () => {
    expect(at('{"title": "Hel|"}')).toBeNull();
  });
});

describe('completion for language 1.1', () => {
  it('offers the functions inside an expression object, with their typed signatures', () => {
    const result = at('{"body": [{"type": "text", "text": {"|"}}]}');
    const round = result?.options.find((o) => o.label === '"round"');
    expect(round?.detail).toBe('round(value: number, digits?: integer) → number');
    expect(labels(result)).toEqual(
      expect.arrayContaining(['"formatDate"', '"dateDiff"', '"sum"', '"upper"']),
    );
    // A block's own fields are not functions.
    const fields = at('{"body": [{"type": "text", "|"}]}');
    expect(fields?.options.find((o) => o.label === '"visible"')?.type).toBe('property');
  });

  it('offers the declared variables and computed values where a path is read', () => {
    const text =
      '{"variables": {"count": {"type": "integer", "value": 0}}, "computed": {"fee": {"type": "number", "value": 1}},' +
      ' "body": [{"type": "text", "text": {"$": |}}]}';
    expect(labels(at(text, true))).toEqual(['"vars.count"', '"computed.fee"']);
  });

  it('offers the value types of a variable', () => {
    expect(labels(at('{"variables": {"n": {"type": |}}}'))).toEqual([
      '"text"',
      '"number"',
      '"integer"',
      '"boolean"',
      '"date"',
      '"list"',
      '"object"',
    ]);
  });
});
