import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { createToaster, toastDuration, ToastView } from '../../../src/host/toast';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

function show() {
  const toaster = createToaster();
  render(<ToastView toaster={toaster} />);
  return toaster;
}

describe('toast duration (P-17)', () => {
  it.each([
    [undefined, 3000],
    [300, 3000],
    [100, 3000],
    [0, 3000],
    [-5, 3000],
    [Number.NaN, 3000],
    [301, 301],
    [1500, 1500],
  ])('%s ms -> %s ms', (ms, effective) => {
    expect(toastDuration(ms)).toBe(effective);
  });

  it('a default toast is shown for 3 s', () => {
    const toaster = show();
    act(() => toaster.toast('Saved'));
    expect(screen.getByText('Saved')).toBeTruthy();
    act(() => vi.advanceTimersByTime(2999));
    expect(screen.queryByText('Saved')).not.toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByText('Saved')).toBeNull();
  });

  it('a requested 200 ms toast still stays 3 s', () => {
    const toaster = show();
    act(() => toaster.toast('Quick', 200));
    act(() => vi.advanceTimersByTime(2000));
    expect(screen.queryByText('Quick')).not.toBeNull();
    act(() => vi.advanceTimersByTime(1000));
    expect(screen.queryByText('Quick')).toBeNull();
  });

  it('a 1500 ms toast goes after 1.5 s', () => {
    const toaster = show();
    act(() => toaster.toast('Copied', 1500));
    act(() => vi.advanceTimersByTime(1500));
    expect(screen.queryByText('Copied')).toBeNull();
  });

  it('a new toast replaces the current one and gets its own full time', () => {
    const toaster = show();
    act(() => toaster.toast('First'));
    act(() => vi.advanceTimersByTime(2500));
    act(() => toaster.toast('Second'));
    expect(screen.queryByText('First')).toBeNull();
    act(() => vi.advanceTimersByTime(2500));
    expect(screen.queryByText('Second')).not.toBeNull();
  });
});

describe('rendering', () => {
  it('toasts are text in an aria-live region, never HTML', () => {
    const toaster = show();
    act(() => toaster.toast('<b>bold</b>'));
    const region = screen.getByRole('status');
    expect(region.getAttribute('aria-live')).toBe('polite');
    expect(region.textContent).toBe('<b>bold</b>');
    expect(region.querySelector('b')).toBeNull();
    expect(region.querySelector('[data-toast]')).not.toBeNull();
  });
});

describe('loading toast (P-16)', () => {
  it('stays until hidden, whatever the time', () => {
    const toaster = show();
    let hide!: () => void;
    act(() => {
      hide = toaster.loading('loading...');
    });
    act(() => vi.advanceTimersByTime(60_000));
    expect(screen.queryByText('loading...')).not.toBeNull();
    act(() => hide());
    expect(screen.queryByText('loading...')).toBeNull();
  });

  it('two loadings: hiding the newer shows the older; hiding twice is harmless', () => {
    const toaster = show();
    let a!: () => void;
    let b!: () => void;
    act(() => {
      a = toaster.loading('Loading order');
      b = toaster.loading('Submitting');
    });
    expect(screen.queryByText('Submitting')).not.toBeNull();
    act(() => {
      b();
      b();
    });
    expect(screen.queryByText('Loading order')).not.toBeNull();
    act(() => a());
    expect(screen.getByRole('status').textContent).toBe('');
  });
});
