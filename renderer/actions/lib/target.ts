// Where actions may write: the document's state paths only (form.*, ui.*, data.*, vars.*, local.*),
// never params, timers, modals or the engine's bookkeeping, even if a document skipped validation.
import type { ActionContext } from '../../action';
import { storePath } from '../../engine';
import { splitPath } from '../../expr/path';
import { reportProblem } from './report';

const WRITABLE = /^(form|ui|data|vars|local)\.[^.]/;

/** The store path for a document state path, or null (reported) when the path is not writable. */
export function writableTarget(ctx: ActionContext, path: unknown): string | null {
  if (typeof path === 'string' && WRITABLE.test(path) && splitPath(path)) {
    const target = storePath(path, ctx.frame);
    if (target) return target;
  }
  reportProblem(ctx, 'bad-state-path', `Cannot write to ${JSON.stringify(path)}`);
  return null;
}
