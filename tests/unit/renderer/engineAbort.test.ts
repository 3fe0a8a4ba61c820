// An engine's end (renderer/createEngine.ts `abort`): its signal aborts with an AbortError, one
// reason for every engine rather than a DOMException made per screen (issue 26: on the server that
// was a visible part of a drawn page's CPU).
import { describe, expect, it } from 'vitest';
import { createEngine } from '../../../renderer/createEngine';
import type { ScreenDocument } from '../../../renderer/types.gen';
import { createFakeHost } from '../../fixtures/fakeHost';

const doc = { id: 'a', version: 1, blocks: [] } as unknown as ScreenDocument;

describe("an engine's abort", () => {
  it('aborts its signal with an AbortError, the same one for every engine', () => {
    const first = createEngine(doc, createFakeHost(), {}, null);
    const second = createEngine(doc, createFakeHost(), {}, null);
    first.abort();
    second.abort();
    const reason = first.engine.signal.reason as DOMException;
    expect(first.engine.signal.aborted).toBe(true);
    expect(reason.name).toBe('AbortError');
    expect(second.engine.signal.reason).toBe(reason);
  });
});
