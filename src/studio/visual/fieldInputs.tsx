// The property panel's plain inputs: a text that follows the document while it is typed in, and
// a value edited as JSON (what no other control can show). No knowledge of schemas or paths.
import { useEffect, useRef, useState } from 'react';

/**
 * The text a field shows while it is typed in, following the document when it changes elsewhere.
 * The document comes back a render late (useVisualDoc defers it): a value that is one this field
 * wrote is its own echo and never overwrites letters typed since (else fast typing on a busy
 * machine loses some: "Loan deails").
 */
function useDraft(value: string): [string, (v: string) => void] {
  const [draft, setDraft] = useState(value);
  const sent = useRef<string[]>([]);
  const last = useRef(value);
  useEffect(() => {
    if (value === last.current) return;
    last.current = value;
    const echo = sent.current.indexOf(value);
    if (echo >= 0) {
      sent.current = sent.current.slice(echo + 1);
      return;
    }
    sent.current = [];
    setDraft(value);
  }, [value]);
  return [
    draft,
    (v) => {
      sent.current.push(v);
      setDraft(v);
    },
  ];
}

export function TextLike({
  id,
  value,
  onText,
  kind,
  list,
}: {
  id: string;
  value: string;
  onText(v: string): void;
  kind: string;
  /** The id of a <datalist> of suggestions. */
  list?: string;
}) {
  const [draft, setDraft] = useDraft(value);
  const multi = kind === 'text' && value.length > 60;
  const props = {
    id,
    value: draft,
    onChange: (e: { target: { value: string } }) => {
      setDraft(e.target.value);
      onText(e.target.value);
    },
  };
  return multi ? <textarea rows={3} {...props} /> : <input type="text" list={list} {...props} />;
}

export function JsonField({
  id,
  label,
  value,
  onValue,
}: {
  id?: string;
  label?: string;
  value: unknown;
  onValue(v: unknown): void;
}) {
  const shown = value === undefined ? '' : JSON.stringify(value);
  const [draft, setDraft] = useDraft(shown);
  const [bad, setBad] = useState(false);
  return (
    <textarea
      id={id}
      aria-label={label}
      rows={Math.min(6, 1 + Math.floor(shown.length / 40))}
      className="studio-prop-json"
      aria-invalid={bad}
      value={draft}
      onChange={(e) => setDraft(e.target.value)}
      onBlur={() => {
        if (draft === shown) return;
        try {
          onValue(draft.trim() === '' ? undefined : JSON.parse(draft));
          setBad(false);
        } catch {
          setBad(true);
        }
      }}
    />
  );
}
