// The content as this engine's screen document, written the way ops write screens: the rows and
// products are data, drawn by keyValue and repeat; the form binds form.* fields.
import { content, type FormField, type Part } from '../content';

function field(f: FormField): Record<string, unknown> {
  const bind = `form.${f.name}`;
  switch (f.kind) {
    case 'select':
      return {
        type: 'picker',
        bind,
        label: f.label,
        placeholder: 'Choose',
        options: (f.options ?? []).map((o) => ({ label: o, value: o })),
      };
    case 'textarea':
      return { type: 'textarea', bind, label: f.label, maxLength: 200 };
    case 'checkbox':
      return { type: 'checkbox', bind, label: f.label };
    case 'date':
      return { type: 'input', bind, label: f.label, placeholder: 'YYYY-MM-DD' };
    default:
      return { type: 'input', bind, label: f.label, inputType: f.kind };
  }
}

const form = {
  type: 'section',
  title: content.form.title,
  children: [
    ...content.form.fields.map(field),
    {
      type: 'button',
      label: content.form.submit,
      onTap: [
        {
          do: 'validate',
          rules: [{ value: { $: 'form.fullName' }, required: true, message: 'Enter your name' }],
        },
      ],
    },
  ],
};

export function oursDocument(part: Part): unknown {
  const body =
    part === 'form'
      ? [form]
      : [
          { type: 'hero', title: content.header.title, text: content.header.text },
          {
            type: 'section',
            title: 'Loan information',
            children: [{ type: 'keyValue', rows: { $: 'data.rows' } }],
          },
          {
            type: 'repeat',
            items: { $: 'data.products' },
            key: 'id',
            children: [
              {
                type: 'section',
                title: { $: 'item.name' },
                children: [
                  { type: 'text', text: { t: '{item.range} · {item.rate}' } },
                  {
                    type: 'button',
                    label: { $: 'item.cta' },
                    onTap: [{ do: 'navigate', to: { t: '/loan/confirm?productId={item.id}' } }],
                  },
                ],
              },
            ],
          },
          form,
        ];
  return {
    schemaVersion: 1,
    id: 'bench-peers',
    title: content.title,
    state: {
      data: {
        rows: content.rows.map((r) => ({ text: r.label, value: r.value })),
        products: content.products,
      },
    },
    body,
  };
}
