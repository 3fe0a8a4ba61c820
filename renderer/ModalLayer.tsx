// Popups declared under the document's `modals`, opened by id (openModal / closeModal actions).
import { useEngine, ROOT_FRAME } from './engine';
import { useEval, useStateAt } from './hooks';
import { Blocks } from './Blocks';
import { runActions } from './action';
import { toText } from './expr/values';
import type { Modal } from './types.gen';

export function closeModal(engine: ReturnType<typeof useEngine>, id: string): void {
  if (!engine.store.get().modals.includes(id)) return;
  engine.store.update((s) => {
    s.modals = s.modals.filter((m) => m !== id);
  });
  const modal = engine.doc.modals?.[id];
  if (modal?.onClose) void runActions(engine, modal.onClose, ROOT_FRAME, `/modals/${id}/onClose`);
}

export function ModalLayer() {
  const engine = useEngine();
  const modals = useStateAt('modals') as string[];
  return (
    <>
      {modals.map((id) => {
        const modal = engine.doc.modals?.[id];
        return modal ? <ModalView key={id} id={id} modal={modal} /> : null;
      })}
    </>
  );
}

function ModalView({ id, modal }: { id: string; modal: Modal }) {
  const engine = useEngine();
  const evaluate = useEval(ROOT_FRAME);
  const title = modal.title === undefined ? '' : toText(evaluate(modal.title));
  const closable = modal.closeOnOutside !== false;
  return (
    <div
      className="modal-backdrop"
      data-modal={id}
      onClick={(e) => {
        if (closable && e.target === e.currentTarget) closeModal(engine, id);
      }}
    >
      <div
        className={modal.fullscreen ? 'modal modal-full' : 'modal'}
        role="dialog"
        aria-modal="true"
        aria-label={title || id}
      >
        {modal.closeIcon && (
          <button
            type="button"
            className="modal-close"
            aria-label="Close"
            onClick={() => closeModal(engine, id)}
          >
            ×
          </button>
        )}
        {title && <h2 className="modal-title">{title}</h2>}
        <div className="modal-body">
          <Blocks blocks={modal.body} path={`/modals/${id}/body`} frame={ROOT_FRAME} />
        </div>
      </div>
    </div>
  );
}
