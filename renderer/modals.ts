// The modal queue's one way out (ModalLayer.tsx shows the queue; the openModal and closeModal
// actions change it). Here, not in ModalLayer, so the closeModal action imports no component.
import type { Engine } from './engine';
import type { ActionContext } from './action';

/**
 * Takes a modal out of the queue; runs its onClose when it was the one showing, at the root
 * frame (the caller's runner: the engine's, or an action's context).
 */
export function closeModal(engine: Engine, id: string, runAtRoot: ActionContext['runAtRoot']): void {
  const queue = engine.store.get().modals;
  if (!queue.includes(id)) return;
  const wasShown = queue[0] === id;
  engine.store.update((s) => {
    s.modals = s.modals.filter((m) => m !== id);
  });
  const modal = engine.doc.modals?.[id];
  if (wasShown && modal?.onClose) void runAtRoot(modal.onClose, `/modals/${id}/onClose`);
}
