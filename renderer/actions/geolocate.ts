import type { ActionContext, ActionRunner } from '../action';
import type { GeolocateAction } from '../types.gen';
import { writableTarget } from './lib/target';

type Position = { latitude: number; longitude: number };

export const GEOLOCATE_TIMEOUT_MS = 20000;

/**
 * The host's answer, or null when it fails, gives none in time (an unanswered permission
 * prompt), or the screen goes away first: the action always settles.
 */
function locate(ctx: ActionContext, ms: number): Promise<Position | null | 'gone'> {
  const { host, signal } = ctx.engine;
  return new Promise((resolve) => {
    const settle = (value: Position | null | 'gone') => {
      clearTimeout(timer);
      signal.removeEventListener('abort', onAbort);
      resolve(value);
    };
    const onAbort = () => settle('gone');
    const timer = setTimeout(() => settle(null), ms);
    signal.addEventListener('abort', onAbort, { once: true });
    Promise.resolve()
      .then(() => host.geolocate())
      .then(
        (p) => settle(p && Number.isFinite(p.latitude) && Number.isFinite(p.longitude) ? p : null),
        () => settle(null),
      );
  });
}

const geolocate: ActionRunner<GeolocateAction> = async (action, ctx) => {
  const { engine } = ctx;
  if (engine.signal.aborted) return 'stop';
  const target = action.into === undefined ? undefined : writableTarget(ctx, action.into);
  if (target === null) return 'stop';
  const found = await locate(ctx, action.timeoutMs ?? GEOLOCATE_TIMEOUT_MS);
  if (found === 'gone') return 'stop';
  if (!found) return ctx.run(action.else, `${ctx.path}/else`);
  const position = { latitude: found.latitude, longitude: found.longitude };
  if (target) engine.store.set(target, position);
  return ctx.run(action.then, `${ctx.path}/then`, { position });
};

export default geolocate;
