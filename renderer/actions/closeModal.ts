import type { ActionRunner } from '../action';
import type { CloseModalAction } from '../types.gen';
import { closeModal as close } from '../modals';

const closeModal: ActionRunner<CloseModalAction> = (action, ctx) => {
  // Without an id: the modal showing (the first of the queue, renderer/ModalLayer.tsx).
  const id = action.id ?? ctx.engine.store.get().modals[0];
  if (id !== undefined) close(ctx.engine, id, ctx.runAtRoot);
};

export default closeModal;
