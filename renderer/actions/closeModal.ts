import type { ActionRunner } from '../action';
import type { CloseModalAction } from '../types.gen';
import { closeModal as close } from '../ModalLayer';

const closeModal: ActionRunner<CloseModalAction> = (action, ctx) => {
  const open = ctx.engine.store.get().modals;
  const id = action.id ?? open[open.length - 1];
  if (id !== undefined) close(ctx.engine, id);
};

export default closeModal;
