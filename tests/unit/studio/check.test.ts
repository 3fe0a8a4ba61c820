// The studio's checker: every problem placed on the text where ops typed it.
import { describe, expect, it } from 'vitest';
import { checkScreenText } from '../../../src/checker/checkText';
import type { ScreensManifest } from '../../../renderer/types.gen';

const manifest: ScreensManifest = { schemaVersion: 1, routes: [{ path: '/hello', screen: 'hello' }] };
const doc = (body: unknown[], extra: Record<string, unknown> = {}) =>
  JSON.stringify({ schemaVersion: 1, id: 'hello', title: 'Hello', body, ...extra }, null, 2);
const at = (text: string, needle: string) => text.indexOf(needle);

describe('checkScreenText', () => {
  it('accepts a valid document and hands it to the preview', () => {
    const result = checkScreenText(doc([{ type: 'text', text: 'Hi' }]), { id: 'hello', manifest });
    expect(result.errors).toBe(0);
    expect(result.doc?.body[0]).toEqual({ type: 'text', text: 'Hi' });
  });

  it('places a schema error on the field it is about, with line and column', () => {
    const text = doc([{ type: 'button', label: 'Go', variant: 'outlined' }]);
    const result = checkScreenText(text, { id: 'hello' });
    expect(result.doc).toBeNull();
    expect(result.problems).toHaveLength(1);
    const [p] = result.problems;
    expect(p).toMatchObject({ severity: 'error', pointer: '/body/0/variant', line: 9, column: 7 });
    expect(text.slice(p!.from, p!.to)).toBe('"variant": "outlined"');
    expect(p!.message).toContain("did you mean 'outline'?");
  });

  it('underlines a block by its "type" when the block itself is wrong', () => {
    const text = doc([{ type: 'button' }]);
    const [p] = checkScreenText(text).problems;
    expect(p!.message).toContain("'label'");
    expect(text.slice(p!.from, p!.to)).toBe('"type": "button"');
  });

  it('reports cross-reference errors (a missing modal, a route not in the manifest) where they are', () => {
    const text = doc([
      { type: 'button', label: 'Open', onTap: [{ do: 'openModal', id: 'nope' }] },
      { type: 'link', text: 'Go', onTap: [{ do: 'navigate', to: '/nowhere' }] },
    ]);
    const result = checkScreenText(text, { id: 'hello', manifest });
    expect(result.doc).not.toBeNull();
    expect(result.errors).toBe(2);
    const [modal, route] = result.problems;
    expect(modal!.message).toContain("there is no modal 'nope'");
    expect(modal!.from).toBe(at(text, '"id": "nope"'));
    expect(route!.message).toContain("'/nowhere' is not a route in the manifest");
  });

  it('explains half-typed JSON and keeps no document', () => {
    const text = '{\n  "schemaVersion": 1,\n  "id": "hello",\n  "body": [\n';
    const result = checkScreenText(text);
    expect(result.doc).toBeNull();
    expect(result.problems[0]).toMatchObject({ message: expect.stringMatching(/^JSON syntax: /), line: 5 });
    const trailing = checkScreenText('{ "a": 1, }');
    expect(trailing.problems[0]!.message).toBe(
      "JSON syntax: trailing comma before '}' is not allowed in JSON",
    );
  });

  it('flags a field written twice, an id that is not the file name, and counts warnings apart', () => {
    const text = doc([{ type: 'text', text: 'Hi' }]).replace(
      '"title": "Hello"',
      '"title": "Hello",\n  "title": "Again"',
    );
    const twice = checkScreenText(text, { id: 'hello' });
    expect(twice.problems.map((p) => p.message)).toContain(
      "the field 'title' is written twice in the same object (only the last one counts)",
    );
    const renamed = checkScreenText(doc([{ type: 'text', text: 'Hi' }]), { id: 'other' });
    expect(renamed.problems[0]!.message).toContain("make it 'other'");
    const warned = checkScreenText(doc([{ type: 'text', text: { $: 'params.orderId' } }]), { id: 'hello' });
    expect(warned.problems[0]!.severity).toBe('warning');
    expect(warned.errors).toBe(0);
    expect(warned.doc).not.toBeNull();
  });
});
