// An action marked x-lazy (renderer/lazy.ts): the runner the action registry holds for it. It loads
// the action's chunk on first use (usually already here: Screen.tsx starts the download with the
// screen). Only the actions' table: the action registry reaches no block through it.
import type { ActionRunner } from './action';
import { lazyActions } from './actions/lazy.gen';
import { loadedModule, loadFrom } from './lazyModules';

export function lazyAction(name: string): ActionRunner {
  return async (action, ctx) => {
    await loadFrom('action', name, lazyActions);
    const run = loadedModule<ActionRunner>('action', name);
    if (!run) throw new Error(`The "${name}" action could not be loaded`);
    return run(action, ctx);
  };
}
