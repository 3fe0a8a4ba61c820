import { describe, expect, it } from 'vitest';
import { waitFor } from '@testing-library/react';
import { renderScreen } from '../../../fixtures/renderScreen';
import { doc, harness } from './harness';

const copyCode = {
  do: 'copy',
  text: { $: 'params.payCode' },
  toast: 'copy success',
  failToast: 'Copy failed',
};

describe('copy action', () => {
  it('copies the text and toasts on success', async () => {
    const { host } = renderScreen(doc([], { onLoad: [copyCode] }), { params: { payCode: 'PC-0012' } });
    await waitFor(() => expect(host.log.copied).toEqual(['PC-0012']));
    expect(host.log.toasts).toEqual([{ text: 'copy success' }]);
  });

  it('does not show the success toast when the clipboard refuses', async () => {
    const h = harness({}, { initial: { params: { payCode: 'PC' } } });
    h.host.clipboard = async () => false;
    await h.run([copyCode]);
    expect(h.host.log.toasts).toEqual([{ text: 'Copy failed' }]);
  });

  it('treats a throwing clipboard as a failure and goes on', async () => {
    const h = harness({}, { initial: { params: { payCode: 'PC' } } });
    h.host.clipboard = () => Promise.reject(new Error('denied'));
    const outcome = await h.run([{ do: 'copy', text: { $: 'params.payCode' }, toast: 'copy success' }]);
    expect(outcome).toBe('done');
    expect(h.host.log.toasts).toEqual([]);
    expect(h.host.log.problems).toEqual([]);
  });

  it('copying nothing is a failure and does not touch the clipboard', async () => {
    const h = harness();
    await h.run([copyCode]);
    expect(h.host.log.copied).toEqual([]);
    expect(h.host.log.toasts).toEqual([{ text: 'Copy failed' }]);
  });

  it('copies numbers as text', async () => {
    const h = harness({}, { initial: { params: { payCode: 123456 } } });
    await h.run([{ do: 'copy', text: { $: 'params.payCode' } }]);
    expect(h.host.log.copied).toEqual(['123456']);
    expect(h.host.log.toasts).toEqual([]);
  });
});
