// Issue 25 item 2: the fixed/bound toggle and the picture field, as ops use them. A fixed text
// becomes a binding only once a path is picked from the list (never typed); back to fixed it gets
// its last fixed value; an expression of another kind stays shown as it is. The picture field
// writes the address of a picture picked from the uploaded ones or just uploaded, and shows the
// server's refusal without changing anything.
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { StudioAsset } from '../../../../src/wire/studio';
import type { AssetSource } from '../../../../src/studio/visual/assetSource';
import { BindingToggle } from '../../../../src/studio/visual/BindingToggle';
import { ImageField } from '../../../../src/studio/visual/ImageField';

const GROUPS = [
  { label: 'This screen', paths: ['params.orderId', 'data.order.productName'] },
  { label: 'Configuration', paths: ['config.serviceEmail'] },
];

/** The toggle over a value kept as the text would keep it; every write recorded. */
function Harness({ initial, writes }: { initial: unknown; writes: unknown[] }) {
  const [value, setValue] = useState(initial);
  return (
    <BindingToggle
      id="f"
      where="body/0/text"
      label="Text"
      value={value}
      required
      groups={GROUPS}
      onValue={(v) => {
        writes.push(v);
        setValue(v);
      }}
    >
      <input id="f" aria-label="Text value" value={typeof value === 'string' ? value : ''} readOnly />
    </BindingToggle>
  );
}

const checked = (name: string) => (screen.getByRole('radio', { name }) as HTMLInputElement).checked;
const valueOf = (el: HTMLElement) => (el as HTMLInputElement | HTMLSelectElement).value;

describe('BindingToggle', () => {
  it('binds a fixed text to a path picked from the list, and back to its fixed value', async () => {
    const user = userEvent.setup();
    const writes: unknown[] = [];
    render(<Harness initial="Click here" writes={writes} />);
    expect(checked('Fixed')).toBe(true);
    await user.click(screen.getByRole('radio', { name: 'Bound' }));
    // Nothing is written until a path is chosen.
    expect(writes).toEqual([]);
    const reads = screen.getByRole('combobox', { name: 'Text: reads' });
    expect([...reads.querySelectorAll('optgroup')].map((g) => g.label)).toEqual([
      'This screen',
      'Configuration',
    ]);
    await user.selectOptions(reads, 'config.serviceEmail');
    expect(writes).toEqual([{ $: 'config.serviceEmail' }]);
    expect(checked('Bound')).toBe(true);
    await user.click(screen.getByRole('radio', { name: 'Fixed' }));
    expect(writes.at(-1)).toBe('Click here');
    expect(valueOf(screen.getByRole('textbox', { name: 'Text value' }))).toBe('Click here');
  });

  it('shows a binding with its path, even one not in the list', () => {
    render(<Harness initial={{ $: 'vars.gone' }} writes={[]} />);
    expect(checked('Bound')).toBe(true);
    expect(valueOf(screen.getByRole('combobox', { name: 'Text: reads' }))).toBe('vars.gone');
  });

  it('keeps another expression as it is, and makes a required one an empty text when fixed', async () => {
    const user = userEvent.setup();
    const writes: unknown[] = [];
    render(<Harness initial={{ t: 'Hi {data.name}' }} writes={writes} />);
    expect(checked('Expression')).toBe(true);
    expect(screen.queryByRole('textbox', { name: 'Text value' })).not.toBeNull();
    await user.click(screen.getByRole('radio', { name: 'Fixed' }));
    expect(writes).toEqual(['']);
  });
});

const asset = (label: string, hash: string): StudioAsset => ({
  name: `${hash}.png`,
  url: `/media/${hash}.png`,
  mime: 'image/png',
  size: 2048,
  label,
  uploadedBy: 'editor',
  uploadedAt: '2026-12-01T02:00:00.000Z',
});

describe('ImageField', () => {
  const one = asset('old.png', 'a'.repeat(64));
  const two = asset('banner.png', 'b'.repeat(64));

  it('writes the address of a picture picked from the uploaded ones, or just uploaded', async () => {
    const user = userEvent.setup();
    const source: AssetSource = {
      list: async () => [one],
      upload: vi.fn(async () => ({ ok: true as const, asset: two })),
    };
    const onValue = vi.fn();
    render(
      <ImageField label="Src" value="/img/x.svg" assets={source} onValue={onValue}>
        <input aria-label="Src" readOnly value="/img/x.svg" />
      </ImageField>,
    );
    const picker = screen.getByRole('combobox', { name: 'Src: uploaded pictures' });
    await screen.findByRole('option', { name: 'old.png (2 KB)' });
    await user.selectOptions(picker, one.url);
    expect(onValue).toHaveBeenLastCalledWith(one.url);
    const file = new File([new Uint8Array([1, 2, 3])], 'banner.png', { type: 'image/png' });
    await user.upload(screen.getByLabelText('Src: picture to upload'), file);
    expect((await screen.findByRole('status')).textContent).toBe('Uploaded banner.png');
    expect(onValue).toHaveBeenLastCalledWith(two.url);
    expect(screen.queryByRole('option', { name: 'banner.png (2 KB)' })).not.toBeNull();
  });

  it("shows the server's refusal and writes nothing", async () => {
    // The chooser's accept list is a hint a person can overrule ("All files"): the server decides.
    const user = userEvent.setup({ applyAccept: false });
    const source: AssetSource = {
      list: async () => [],
      upload: async () => ({
        ok: false as const,
        message: 'logo.svg is not a PNG, JPEG, GIF or WebP picture',
      }),
    };
    const onValue = vi.fn();
    render(
      <ImageField label="Src" value="" assets={source} onValue={onValue}>
        <input aria-label="Src" readOnly value="" />
      </ImageField>,
    );
    await screen.findByRole('option', { name: 'No picture uploaded yet' });
    await user.upload(
      screen.getByLabelText('Src: picture to upload'),
      new File(['<svg/>'], 'logo.svg', { type: 'image/svg+xml' }),
    );
    expect((await screen.findByRole('alert')).textContent).toBe(
      'logo.svg is not a PNG, JPEG, GIF or WebP picture',
    );
    expect(onValue).not.toHaveBeenCalled();
  });
});
