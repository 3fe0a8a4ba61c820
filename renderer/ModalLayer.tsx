// Popups declared under the document's `modals`, opened by id (openModal / closeModal actions).
//
// One at a time (issue 16 item 6): `state.modals` is a queue. The first modal in it is shown; a
// modal opened while another is showing waits its turn, in the order the screen asked, and opens
// when the ones before it have closed. So a screen that opens several popups on load (loan
// details: Kind tips, the withdraw reminder, the card popup, the rating) shows them one after the
// other and never two on top of each other.
//
// Focus, Escape, the Android back button and the accessible name come from useDialog
// (renderer/dialog.ts), shared with the picker sheet and the image zoom (issue 16 item 12).
import { useId, useLayoutEffect, useRef, useState } from 'react';
import { useEngine, ROOT_FRAME } from './engine';
import { useEval, useStateAt } from './hooks';
import { Blocks } from './Blocks';
import { runActions } from './runActions';
import { closeModal } from './modals';
import { useDialog } from './dialog';
import { toText } from './expr/values';
import type { Modal } from './types.gen';

export function ModalLayer() {
  const engine = useEngine();
  const queue = useStateAt('modals') as string[];
  const id = queue[0];
  const modal = id === undefined ? undefined : engine.doc.modals?.[id];
  return modal && id !== undefined ? <ModalView key={id} id={id} modal={modal} /> : null;
}

/** Tapping outside or a close icon closes it; Escape and the Android back button do the same. */
const closableOf = (modal: Modal) => modal.closeOnOutside !== false || modal.closeIcon === true;

function ModalView({ id, modal }: { id: string; modal: Modal }) {
  const engine = useEngine();
  const evaluate = useEval(ROOT_FRAME);
  const title = modal.title === undefined ? '' : toText(evaluate(modal.title));
  const closable = closableOf(modal);
  const outside = modal.closeOnOutside !== false;
  const box = useRef<HTMLDivElement>(null);
  const body = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const close = () =>
    closeModal(engine, id, (actions, path) => runActions(engine, actions, ROOT_FRAME, path));
  // Without a visible title the dialog is named by its first line of text (the message), never by
  // its internal id.
  const [labelledBy, setLabelledBy] = useState<string | undefined>(undefined);
  useLayoutEffect(() => {
    const root = body.current;
    if (title || !root) return setLabelledBy(title ? titleId : undefined);
    const pick = () => {
      const first = root.querySelector<HTMLElement>('.blk-text');
      if (!first || (first.textContent ?? '').trim() === '') return setLabelledBy(undefined);
      if (!first.id) first.id = `${titleId}-text`;
      setLabelledBy(first.id);
    };
    pick();
    // The message may arrive after the popup opens (data still loading).
    const watch = new MutationObserver(pick);
    watch.observe(root, { childList: true, subtree: true, characterData: true });
    return () => watch.disconnect();
  }, [title, titleId]);
  useDialog(box, {
    onDismiss: closable ? close : undefined,
    host: engine.host,
  });
  return (
    <div
      className="modal-backdrop"
      data-modal={id}
      onClick={(e) => {
        if (outside && e.target === e.currentTarget) close();
      }}
    >
      <div
        ref={box}
        className={modal.fullscreen ? 'modal modal-full' : 'modal'}
        role="dialog"
        aria-modal="true"
        aria-labelledby={labelledBy}
      >
        {modal.closeIcon && (
          <button type="button" className="modal-close" aria-label="Close" onClick={close}>
            ×
          </button>
        )}
        {title && (
          <h2 className="modal-title" id={titleId}>
            {title}
          </h2>
        )}
        <div className="modal-body" ref={body}>
          <Blocks blocks={modal.body} path={`/modals/${id}/body`} frame={ROOT_FRAME} />
        </div>
      </div>
    </div>
  );
}
