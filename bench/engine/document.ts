// A 200-block screen document: texts, rows, buttons, label/value rows, inputs and a list.
export const bigDocument = {
  schemaVersion: 1,
  id: 'bench',
  title: 'Bench',
  state: {
    form: {},
    data: { rows: Array.from({ length: 12 }, (_, i) => ({ text: `Label ${i}`, value: `${i * 100}` })) },
  },
  body: Array.from({ length: 200 }, (_, i) => {
    switch (i % 5) {
      case 0:
        return { type: 'text', text: { t: `Block ${i}: {data.rows.0.text}` } };
      case 1:
        return { type: 'button', label: `Button ${i}`, onTap: [{ do: 'toast', text: 'tap' }] };
      case 2:
        return { type: 'keyValue', rows: { $: 'data.rows' } };
      case 3:
        return { type: 'input', bind: `form.f${i}`, label: `Field ${i}`, mask: 'digits' };
      default:
        return {
          type: 'section',
          title: `Section ${i}`,
          children: [
            {
              type: 'row',
              children: [
                { type: 'text', text: 'Left' },
                { type: 'text', text: 'Right' },
              ],
            },
          ],
        };
    }
  }),
};
