// Issue 25 task 7: a named value (a bridge payload's `phone`) is picked from what a binding may
// read, the same list as a bindable field's: the screen's paths, the scenario's replies and the
// configuration, not the screen's paths alone.
import { render, screen } from '@testing-library/react';
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
    await user.click(screen.getByRole('button', { name: 'Add field' }));
    expect(writes).toEqual([
      [['payload', 'phone'], { $: 'data.contact.smWa' }],
      [['payload', 'mail'], { $: 'config.serviceEmail' }],
    ]);
  });
});
