// The form as react-jsonschema-form's JSON Schema + uiSchema. RJSF draws forms only, so the rest of
// the page (header, rows, cards) is plain React in main.tsx, as a team using RJSF would write it.
import { content, type FormField } from '../content';

function property(f: FormField): Record<string, unknown> {
  switch (f.kind) {
    case 'select':
      return { type: 'string', title: f.label, enum: f.options };
    case 'checkbox':
      return { type: 'boolean', title: f.label };
    case 'number':
      return { type: 'number', title: f.label, minimum: 0 };
    case 'date':
      return { type: 'string', title: f.label, format: 'date' };
    case 'email':
      return { type: 'string', title: f.label, format: 'email' };
    case 'tel':
      return { type: 'string', title: f.label, pattern: '^09\\d{9}$' };
    default:
      return { type: 'string', title: f.label, maxLength: f.kind === 'textarea' ? 200 : 80 };
  }
}

export const formSchema = {
  $id: 'bench-form',
  title: content.form.title,
  type: 'object',
  required: ['fullName', 'mobile'],
  properties: Object.fromEntries(content.form.fields.map((f) => [f.name, property(f)])),
};

export const uiSchema = {
  mobile: { 'ui:options': { inputType: 'tel' } },
  note: { 'ui:widget': 'textarea' },
  'ui:submitButtonOptions': { submitText: content.form.submit },
};
