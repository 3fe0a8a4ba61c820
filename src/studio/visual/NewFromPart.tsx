// "New screen from this part" (issue 25, task 9): beside an open part, a screen id and Create open
// a new variant of the part in the editor, unsaved, its required parameters given starting values
// (model/newFromPart.ts). Its first save makes the document on the server, as a draft to review.
import { useState } from 'react';
import { newScreenFromPart, newScreenIdProblem } from './model/newFromPart';

interface Props {
  part: string;
  /** The part's value (its parameters). */
  declared: unknown;
  /** The screens there are: a new id must not be one of them. */
  taken: readonly string[];
  onCreate(id: string, text: string): void;
}

export function NewFromPart({ part, declared, taken, onCreate }: Props) {
  const [id, setId] = useState('');
  const problem = newScreenIdProblem(id, taken);
  return (
    <form
      className="studio-new-from-part"
      aria-label="New screen from this part"
      onSubmit={(e) => {
        e.preventDefault();
        if (!problem) onCreate(id, newScreenFromPart(id, part, declared));
      }}
    >
      <input
        aria-label="New screen id"
        placeholder="new-screen-id"
        value={id}
        title={problem ?? undefined}
        onChange={(e) => setId(e.target.value.trim())}
      />
      <button type="submit" disabled={problem !== null} title={problem ?? undefined}>
        New screen from this part
      </button>
    </form>
  );
}
