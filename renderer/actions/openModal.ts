import type { ActionRunner } from '../action';
import type { OpenModalAction } from '../types.gen';
import { reportProblem } from './lib/report';

const openModal: ActionRunner<OpenModalAction> = (action, ctx) => {
  const { engine } = ctx;
  const declared = engine.doc.modals ?? {};
  if (!Object.prototype.hasOwnProperty.call(declared, action.id)) {
    reportProblem(ctx, 'unknown-modal', `No modal "${action.id}" in this screen`);
    return 'stop';
  }
  if (engine.store.get().modals.includes(action.id)) return;
  engine.store.update((s) => {
    s.modals.push(action.id);
  });
};

export default openModal;
