// Runs a screen's sources before it is drawn, outside React: the server does this so the page's
// first HTML already carries the borrower's data, and hands the state they left to the phone,
// which starts its screen from it instead of calling the sources again (Screen.tsx `answered`).
// Nothing is half-answered: unless every source that runs succeeds, the answer is null and the
// phone runs the sources as it always did (a failure on the server never fails the page).
import type { Host } from './host';
import type { ScreenDocument } from './types.gen';
import type { LanguageModule } from './lang/load';
import { createEngine, type AnsweredState } from './createEngine';
import { contextFor } from './runActions';
import { ROOT_FRAME } from './engine';
import { isTruthy } from './expr/values';
import { runCall } from './actions/call';

export type { AnsweredState };

export async function answerSources(
  doc: ScreenDocument,
  host: Host,
  params: Record<string, unknown>,
  lang: LanguageModule | null,
): Promise<AnsweredState | null> {
  const { engine, abort } = createEngine(doc, host, params, lang);
  try {
    const outcomes = await Promise.all(
      (doc.sources ?? []).map(async (call, i) => {
        const ctx = contextFor(engine, ROOT_FRAME, `/sources/${i}`);
        if ('when' in call && !isTruthy(ctx.evaluate(call.when))) return true;
        try {
          return (await runCall(call, ctx, true, engine.signal)).result?.ok === true;
        } catch {
          return false;
        }
      }),
    );
    if (!outcomes.every(Boolean)) return null;
    const { data, ui, form, vars } = engine.store.get();
    // Through JSON: what the phone gets is exactly what the server drew from.
    return JSON.parse(JSON.stringify({ data, ui, form, vars })) as AnsweredState;
  } finally {
    abort();
  }
}
