// Reports a problem of the running action through the host, with the action's place in the document.
import type { ActionContext } from '../../action';

export function reportProblem(ctx: ActionContext, code: string, message: string): void {
  ctx.engine.host.report({ screenId: ctx.engine.screenId, blockPath: ctx.path, code, message });
}

/** A short, printable rendering of a value for a report (never the whole of a huge string). */
export function describeValue(value: unknown, max = 120): string {
  let text: string;
  try {
    text = typeof value === 'string' ? value : (JSON.stringify(value) ?? String(value));
  } catch {
    text = String(value);
  }
  return JSON.stringify(text.length > max ? `${text.slice(0, max)}…` : text);
}
