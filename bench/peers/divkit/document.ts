// The content as DivKit JSON: text items, a horizontal container per row, a container per product
// with a text "button" carrying an action (DivKit has no button type), and input/select/switch
// items bound to card variables for the form.
import { content, type FormField, type Part } from '../content';

const text = (value: string, extra: Record<string, unknown> = {}) => ({
  type: 'text',
  text: value,
  ...extra,
});

const button = (label: string, url: string) =>
  text(label, {
    width: { type: 'match_parent' },
    text_alignment_horizontal: 'center',
    font_weight: 'bold',
    text_color: '#FFFFFF',
    paddings: { top: 10, bottom: 10 },
    margins: { top: 8 },
    border: { corner_radius: 8 },
    background: [{ type: 'solid', color: '#FF7A00' }],
    actions: [{ log_id: 'tap', url }],
  });

const KEYBOARD: Record<string, string> = {
  tel: 'phone',
  email: 'email',
  number: 'number',
  textarea: 'multi_line_text',
};

function field(f: FormField): Record<string, unknown>[] {
  const label = text(f.label, { font_size: 13, text_color: '#666666', margins: { top: 12 } });
  const box = {
    border: { corner_radius: 6, stroke: { color: '#DDDDDD' } },
    paddings: { left: 8, right: 8, top: 8, bottom: 8 },
  };
  switch (f.kind) {
    case 'select':
      return [
        label,
        {
          type: 'select',
          value_variable: f.name,
          hint_text: 'Choose',
          options: (f.options ?? []).map((o) => ({ value: o, text: o })),
          ...box,
        },
      ];
    case 'checkbox':
      return [
        {
          type: 'container',
          orientation: 'horizontal',
          margins: { top: 12 },
          items: [{ type: 'switch', is_on_variable: f.name }, text(f.label, { margins: { left: 8 } })],
        },
      ];
    default:
      return [
        label,
        {
          type: 'input',
          text_variable: f.name,
          hint_text: f.kind === 'date' ? 'YYYY-MM-DD' : '',
          keyboard_type: KEYBOARD[f.kind] ?? 'single_line_text',
          ...box,
        },
      ];
  }
}

const form = [
  text(content.form.title, { font_size: 18, font_weight: 'bold', margins: { top: 16 } }),
  ...content.form.fields.flatMap(field),
  button(content.form.submit, 'div-action://submit'),
];

const variables = content.form.fields.map((f) =>
  f.kind === 'checkbox'
    ? { type: 'boolean', name: f.name, value: false }
    : { type: 'string', name: f.name, value: '' },
);

export function divkitJson(part: Part): unknown {
  const items =
    part === 'form'
      ? form
      : [
          text(content.header.title, { font_size: 22, font_weight: 'bold' }),
          text(content.header.text, { margins: { top: 4 } }),
          {
            type: 'container',
            margins: { top: 12 },
            items: content.rows.map((r) => ({
              type: 'container',
              orientation: 'horizontal',
              paddings: { top: 6, bottom: 6 },
              items: [
                text(r.label, { width: { type: 'match_parent' }, text_color: '#666666' }),
                text(r.value, { width: { type: 'wrap_content' } }),
              ],
            })),
          },
          ...content.products.map((p) => ({
            type: 'container',
            margins: { top: 12 },
            paddings: { left: 12, right: 12, top: 12, bottom: 12 },
            border: { corner_radius: 12 },
            background: [{ type: 'solid', color: '#FFFFFF' }],
            items: [
              text(p.name, { font_weight: 'bold' }),
              text(`${p.range} · ${p.rate}`),
              button(p.cta, `div-action://apply?id=${p.id}`),
            ],
          })),
          ...form,
        ];
  return {
    templates: {},
    card: {
      log_id: 'bench',
      variables,
      states: [
        {
          state_id: 0,
          div: { type: 'container', paddings: { left: 16, right: 16, top: 16, bottom: 16 }, items },
        },
      ],
    },
  };
}
