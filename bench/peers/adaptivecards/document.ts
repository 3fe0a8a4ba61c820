// The content as an Adaptive Card (schema 1.5): TextBlocks, a FactSet for the rows, a Container
// per product with an ActionSet, and Input.* elements with a submit action for the form.
import { content, type FormField, type Part } from '../content';

function input(f: FormField): Record<string, unknown> {
  const base = { id: f.name, label: f.label };
  switch (f.kind) {
    case 'select':
      return {
        ...base,
        type: 'Input.ChoiceSet',
        style: 'compact',
        choices: (f.options ?? []).map((o) => ({ title: o, value: o })),
      };
    case 'textarea':
      return { ...base, type: 'Input.Text', isMultiline: true, maxLength: 200 };
    case 'checkbox':
      return { id: f.name, type: 'Input.Toggle', title: f.label };
    case 'date':
      return { ...base, type: 'Input.Date' };
    case 'number':
      return { ...base, type: 'Input.Number' };
    case 'tel':
      return { ...base, type: 'Input.Text', style: 'Tel' };
    case 'email':
      return { ...base, type: 'Input.Text', style: 'Email' };
    default:
      return { ...base, type: 'Input.Text' };
  }
}

const form = [
  { type: 'TextBlock', text: content.form.title, weight: 'Bolder', size: 'Medium', separator: true },
  ...content.form.fields.map(input),
];

export function adaptiveCard(part: Part): unknown {
  const body =
    part === 'form'
      ? form
      : [
          { type: 'TextBlock', text: content.header.title, size: 'Large', weight: 'Bolder' },
          { type: 'TextBlock', text: content.header.text, wrap: true },
          { type: 'FactSet', facts: content.rows.map((r) => ({ title: r.label, value: r.value })) },
          ...content.products.map((p) => ({
            type: 'Container',
            style: 'emphasis',
            separator: true,
            items: [
              { type: 'TextBlock', text: p.name, weight: 'Bolder' },
              { type: 'TextBlock', text: `${p.range} · ${p.rate}`, wrap: true },
              {
                type: 'ActionSet',
                actions: [{ type: 'Action.Submit', title: p.cta, data: { productId: p.id } }],
              },
            ],
          })),
          ...form,
        ];
  return {
    type: 'AdaptiveCard',
    $schema: 'http://adaptivecards.io/schemas/adaptive-card.json',
    version: '1.5',
    body,
    actions: [{ type: 'Action.Submit', title: content.form.submit }],
  };
}
