// Issue 25 task 7: a named value (a bridge payload's `phone`) is picked from what a binding may
// read, the same list as a bindable field's: the screen's paths, the scenario's replies and the
// configuration, not the screen's paths alone. A new field is added once it has a name and its
// value is picked with the mouse (no "Add field" click then), or by Enter; never by a value that
// moves under the arrow keys, as Chrome's closed select does on each key.
import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { FieldsMapField } from '../../../../src/studio/visual/FieldsMapField';
import type { Path } from '../../../../src/studio/visual/model/textEdits';

const GROUPS = [
  { label: 'This screen', paths: ['params.orderId'] },
  { label: "The scenario's replies", paths: ['data.contact.smWa'] },
  { label: 'Configuration', paths: ['config.serviceEmail'] },
];

describe('FieldsMapField', () => {
  it("binds a row and a new field to the scenario's and the configuration's paths too", async () => {
    const user = userEvent.setup();
    const writes: [Path, unknown][] = [];
    render(
      <FieldsMapField
        id="p"
        label="Payload"
        value={{ phone: { $: 'params.orderId' } }}
        written
        path={['payload']}
        groups={GROUPS}
        write={(path, value) => writes.push([path, value])}
      />,
    );
    const row = screen.getByRole('combobox', { name: 'Payload: phone' });
    expect([...row.querySelectorAll('optgroup')].map((g) => g.label)).toEqual(GROUPS.map((g) => g.label));
    await user.selectOptions(row, 'data.contact.smWa');
    await user.type(screen.getByRole('textbox', { name: 'Payload: new field name' }), 'mail');
    await user.selectOptions(
      screen.getByRole('combobox', { name: 'Payload: new field value' }),
      'config.serviceEmail',
    );
    expect(writes).toEqual([
      [['payload', 'phone'], { $: 'data.contact.smWa' }],
      [['payload', 'mail'], { $: 'config.serviceEmail' }],
    ]);
    // Added: the new row is empty again.
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: 'Payload: new field name' }).value).toBe('');
  });

  it('adds nothing while the value moves under the keys; Enter or Add field adds it', async () => {
    const user = userEvent.setup();
    const writes: [Path, unknown][] = [];
    render(
      <FieldsMapField
        id="p"
        label="Payload"
        value={{}}
        written={false}
        path={['payload']}
        groups={GROUPS}
        write={(path, value) => writes.push([path, value])}
      />,
    );
    await user.type(screen.getByRole('textbox', { name: 'Payload: new field name' }), 'phone');
    const pick = screen.getByRole<HTMLSelectElement>('combobox', { name: 'Payload: new field value' });
    // Chrome, a closed select and ArrowDown: keydown, the value changes, keyup.
    const arrow = (to: string) => {
      fireEvent.keyDown(pick, { key: 'ArrowDown' });
      fireEvent.change(pick, { target: { value: to } });
      fireEvent.keyUp(pick, { key: 'ArrowDown' });
    };
    arrow('params.orderId');
    arrow('data.contact.smWa');
    expect(writes).toEqual([]);
    expect(pick.value).toBe('data.contact.smWa');
    fireEvent.keyDown(pick, { key: 'Enter' });
    expect(writes).toEqual([[['payload'], { phone: { $: 'data.contact.smWa' } }]]);
    expect(pick.value).toBe('');
    // A value picked before the name is there waits for it, and for Add field.
    await user.selectOptions(pick, 'config.serviceEmail');
    expect(writes.length).toBe(1);
    await user.type(screen.getByRole('textbox', { name: 'Payload: new field name' }), 'mail');
    expect(writes.length).toBe(1);
    await user.click(screen.getByRole('button', { name: 'Add field' }));
    expect(writes[1]).toEqual([['payload'], { mail: { $: 'config.serviceEmail' } }]);
  });
});
