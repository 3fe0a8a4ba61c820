// The first stop of the Tab key in the studio (issue 25, keyboard): straight to the outline, past
// the top bar and the list of screens, where the structure keys and type-ahead work. Hidden until
// it has the focus, as skip links are.
export function SkipToOutline() {
  return (
    <button
      type="button"
      className="studio-skip"
      onClick={() => {
        const tree = document.querySelector<HTMLElement>('[role="tree"][aria-label="Outline"]');
        const row = tree?.querySelector<HTMLElement>('[aria-selected="true"]');
        (row ?? tree)?.focus();
      }}
    >
      Go to the outline
    </button>
  );
}
