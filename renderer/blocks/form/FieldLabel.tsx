// The visible (or screen-reader-only) label of a form field.
import './form.css';

export function FieldLabel({ htmlFor, text, hidden }: { htmlFor: string; text: string; hidden?: boolean }) {
  return (
    <label htmlFor={htmlFor} className={hidden ? 'form-sr-only' : 'form-label'}>
      {text}
    </label>
  );
}
