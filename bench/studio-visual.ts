// bench:studio's figures of the visual tools (issue 25, "Speed"), on loan details at 4× CPU
// throttling (Emulation.setCPUThrottlingRate, the phone's frame included: same origin, same
// process): selecting a block in each of the three places (the outline, the phone in pick mode,
// the text's cursor) until its panel is drawn, and a property changed in the panel until the phone
// draws it. Each time is taken inside the page, from the event to the next frame after the DOM
// shows the result, so the bench's own round trips are not counted.
// The clock stops in the first task after that frame: a task of the highest priority
// (`scheduler.postTask`, 'user-blocking') posted from the frame's animation callback, which runs
// once the frame's style, layout and paint are done. Until 2026-11-28 (branch panel-speed) it was
// a `setTimeout(0)` posted there, which ran after the studio's own timers of that frame: the
// text's cursor following a selection after the paint (20-45 ms at 4×) was counted as drawing
// the panel.
import type { CDPSession, Page } from '@playwright/test';

/** Chrome's task scheduler (not in TypeScript's DOM types yet). */
interface PostTask {
  scheduler: { postTask(task: () => void, options: { priority: 'user-blocking' }): Promise<void> };
}

export const CPU_SLOWDOWN = 4;

export interface VisualFigures {
  outline: number[];
  phone: number[];
  text: number[];
  /** The same selections until the whole panel is drawn (its fields out of sight too). */
  whole: Record<Place, number[]>;
  change: number[];
  /** The same changes, as this bench measured them before 2026-11-28 (see `change`). */
  changePolled: number[];
}

/** Two buttons the rollover scenario draws in the phone, selected in turn (the same twice is no change). */
const LABELS = ['REPAY', 'Rollover Repayment'] as const;

type Place = 'outline' | 'phone' | 'text';

/**
 * Selects the button labelled `label` from `place`; resolves with ms until its panel is drawn, and
 * until it is drawn whole. A new selection's panel draws the fields in sight first and the rest a
 * frame later, busy meanwhile (VisualTools.tsx): the first figure is when the panel shows what it
 * shows whole, which is checked (the fields in sight then are those in sight once whole, at the
 * same places), else the bench fails.
 */
export function select(
  page: Page,
  place: Place,
  label: string,
): Promise<{ drawn: number; whole: number; elements: number; fields: number; first: string }> {
  return page.evaluate(
    async ({ place, label }) => {
      const panel = document.querySelector<HTMLElement>('section[aria-label="Properties"]')!;
      /** The fields in sight in the panel, and where. */
      const inSight = () => {
        const box = panel.getBoundingClientRect();
        return [...panel.querySelectorAll<HTMLElement>('.studio-prop')]
          .map((f) => ({ f, top: f.getBoundingClientRect().top - box.top }))
          .filter(({ top }) => top < panel.clientHeight)
          .map(({ f, top }) => `${f.dataset.field}@${Math.round(top)}`)
          .join(' ');
      };
      const afterFrame = () =>
        new Promise<void>((r) =>
          requestAnimationFrame(() =>
            (globalThis as unknown as PostTask).scheduler.postTask(r, { priority: 'user-blocking' }),
          ),
        );
      const shown = () => (panel.querySelector('h2')?.textContent ?? '').endsWith(`: ${label}`);
      const frame = document.querySelector<HTMLIFrameElement>('iframe[title="Preview"]')!;
      // Found before the clock starts.
      let fire: () => void;
      if (place === 'outline') {
        const row = [...document.querySelectorAll<HTMLElement>('[role="treeitem"]')].find(
          (r) => r.querySelector('.studio-outline-label')?.textContent === label,
        )!;
        fire = () => row.click();
      } else if (place === 'phone') {
        const doc = frame.contentDocument!;
        const button = [...doc.querySelectorAll<HTMLElement>('button')].find((b) => b.textContent === label)!;
        fire = () => button.click();
      } else {
        // The editor draws only the lines in view: scroll down from the top until the line is drawn.
        const written = `"label": "${label}"`;
        const scroller = document.querySelector<HTMLElement>('.cm-scroller')!;
        const find = () =>
          [...document.querySelectorAll<HTMLElement>('.cm-line')].find((l) =>
            l.textContent?.includes(written),
          );
        let found: HTMLElement | undefined;
        for (
          let top = 0;
          !(found = find()) && top < scroller.scrollHeight;
          top += scroller.clientHeight / 2
        ) {
          scroller.scrollTop = top;
          await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
        }
        if (!found) throw new Error(`no line ${written}`);
        const line = found;
        line.scrollIntoView({ block: 'center' });
        await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
        const box = line.getBoundingClientRect();
        const at = { clientX: box.left + box.width / 2, clientY: box.top + box.height / 2, bubbles: true };
        fire = () => {
          line.dispatchEvent(new MouseEvent('mousedown', { ...at, button: 0, detail: 1 }));
          line.dispatchEvent(new MouseEvent('mouseup', { ...at, button: 0, detail: 1 }));
        };
      }
      // Marks for a trace of the bench (they cost microseconds).
      performance.mark('bench:select');
      const start = performance.now();
      await new Promise<void>((resolve) => {
        const observer = new MutationObserver(() => {
          if (!shown()) return;
          observer.disconnect();
          resolve();
        });
        observer.observe(panel, { childList: true, subtree: true, characterData: true });
        fire();
      });
      // The first task after the frame that draws it (see the top of this file).
      await afterFrame();
      const drawn = performance.now() - start;
      performance.mark('bench:drawn');
      const first = inSight();
      const elements = panel.querySelectorAll('*').length;
      const fields = panel.querySelectorAll('.studio-prop').length;
      if (panel.hasAttribute('aria-busy'))
        await new Promise<void>((resolve) => {
          const observer = new MutationObserver(() => {
            if (panel.hasAttribute('aria-busy')) return;
            observer.disconnect();
            resolve();
          });
          observer.observe(panel, { attributes: true, attributeFilter: ['aria-busy'] });
        });
      await afterFrame();
      const whole = performance.now() - start;
      const last = inSight();
      if (first !== last)
        throw new Error(`${label}: the panel's first frame showed ${first}, whole it shows ${last}`);
      return { drawn, whole, elements, fields, first };
    },
    { place, label },
  );
}

/**
 * Types `label` into the selected button's Label field; resolves with ms until the phone draws it:
 * `painted`, in the first task after the frame that draws it (as a selection's figures), and
 * `polled`, the way this bench measured until 2026-11-28 (branch phone-speed): the phone's
 * buttons looked at in each frame's animation callback, then the first task after the frame after
 * that one, a frame more whenever the phone's page changed between frames.
 */
function change(page: Page, label: string): Promise<{ painted: number; polled: number }> {
  return page.evaluate(async (label) => {
    const input = [
      ...document.querySelectorAll<HTMLInputElement>('section[aria-label="Properties"] input'),
    ].find((i) => i.labels?.[0]?.textContent?.startsWith('Label'))!;
    const frame = document.querySelector<HTMLIFrameElement>('iframe[title="Preview"]')!;
    const drawn = () =>
      [...(frame.contentDocument?.querySelectorAll('button') ?? [])].some((b) => b.textContent === label);
    const afterFrame = () =>
      new Promise<void>((r) =>
        requestAnimationFrame(() =>
          (globalThis as unknown as PostTask).scheduler.postTask(r, { priority: 'user-blocking' }),
        ),
      );
    const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
    const start = performance.now();
    // The phone's page is observed whole: a screen that starts again replaces all of it.
    let painted = 0;
    const seen = new Promise<void>((resolve) => {
      const observer = new MutationObserver(() => {
        if (!drawn()) return;
        observer.disconnect();
        resolve();
      });
      observer.observe(frame.contentDocument!, { childList: true, subtree: true, characterData: true });
    });
    const first = seen.then(afterFrame).then(() => void (painted = performance.now() - start));
    setValue.call(input, label);
    input.dispatchEvent(new Event('input', { bubbles: true }));
    // The old way: a look in each frame, then the frame after.
    const polledAt = await new Promise<number>((resolve) => {
      const check = () => (drawn() ? resolve(performance.now()) : requestAnimationFrame(check));
      check();
    });
    await afterFrame();
    const polled = performance.now() - start;
    await first;
    void polledAt;
    return { painted, polled };
  }, label);
}

const emptyFigures = (): VisualFigures => ({
  outline: [],
  phone: [],
  text: [],
  whole: { outline: [], phone: [], text: [] },
  change: [],
  changePolled: [],
});

/** An open studio showing loan details (signed in, the phone drawn), made ready and throttled. */
export async function prepare(page: Page, cdp: CDPSession): Promise<void> {
  // tsx names the functions it compiles with a helper the page lacks (esbuild's keepNames).
  await page.evaluate('globalThis.__name = (f) => f');
  await page.getByLabel('Scenario').selectOption({ label: '174 Due today with rollover (isDelay 1)' });
  const phone = page.frameLocator('iframe[title=Preview]');
  await phone.getByRole('button', { name: 'Rollover Repayment' }).waitFor();
  await page.getByRole('button', { name: 'Select in phone' }).click();
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
}

/** One round of selections: each place, each button; counted unless it is the warm-up round. */
async function selectRound(page: Page, figures: VisualFigures, counted: boolean): Promise<void> {
  for (const place of ['outline', 'phone', 'text'] as const)
    for (const label of LABELS) {
      const ms = await select(page, place, label);
      if (counted) {
        figures[place].push(ms.drawn);
        figures.whole[place].push(ms.whole);
      }
    }
}

/** Change `i` to the second button's label (selected last), a new text each time. */
async function changeRound(page: Page, i: number, figures: VisualFigures, counted: boolean): Promise<void> {
  const label = `Rollover Repayment ${i + 1}`;
  const ms = await change(page, label);
  if (counted) {
    figures.change.push(ms.painted);
    figures.changePolled.push(ms.polled);
  }
  // The phone settles (its sources answered) before the next change.
  await page
    .frameLocator('iframe[title=Preview]')
    .getByRole('button', { name: label, exact: true })
    .waitFor();
}

/** The figures on an open studio showing loan details (signed in, the phone drawn). */
export async function measureVisual(page: Page, cdp: CDPSession, runs: number): Promise<VisualFigures> {
  return (await measureVisualInTurns([{ page, cdp }], runs))[0]!;
}

/**
 * The figures of several studios (builds) measured in turns, a round of each in turn and the
 * order alternating between rounds, so that the shared machine's load falls on them alike.
 */
export async function measureVisualInTurns(
  studios: { page: Page; cdp: CDPSession }[],
  runs: number,
): Promise<VisualFigures[]> {
  const figures = studios.map(emptyFigures);
  try {
    for (const { page, cdp } of studios) await prepare(page, cdp);
    const inTurn = (i: number) =>
      i % 2 === 0 ? studios.map((_, n) => n) : studios.map((_, n) => n).reverse();
    // Round 0 warms the pages up (their code compiled, their caches filled) and is not counted.
    for (let i = 0; i <= runs; i++)
      for (const n of inTurn(i)) await selectRound(studios[n]!.page, figures[n]!, i > 0);
    for (let i = 0; i <= runs; i++)
      for (const n of inTurn(i)) await changeRound(studios[n]!.page, i, figures[n]!, i > 0);
  } finally {
    for (const { cdp } of studios) await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  }
  return figures;
}

/**
 * The property change alone, on studios of several builds (loan details, each opened, made ready
 * by `prepare` and its second button selected), in turns: `runs` changes on each, after one not
 * counted.
 */
export async function changesInTurns(
  studios: { page: Page; cdp: CDPSession }[],
  runs: number,
): Promise<{ painted: number[]; polled: number[] }[]> {
  const figures = studios.map(emptyFigures);
  try {
    for (const { page, cdp } of studios) {
      await prepare(page, cdp);
      await page.frameLocator('iframe[title=Preview]').getByRole('button', { name: LABELS[1] }).click();
      await page.locator('section[aria-label="Properties"] h2', { hasText: `: ${LABELS[1]}` }).waitFor();
    }
    const inTurn = (i: number) =>
      i % 2 === 0 ? studios.map((_, n) => n) : studios.map((_, n) => n).reverse();
    for (let i = 0; i <= runs; i++)
      for (const n of inTurn(i)) await changeRound(studios[n]!.page, i, figures[n]!, i > 0);
  } finally {
    for (const { cdp } of studios) await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  }
  return figures.map((f) => ({ painted: f.change, polled: f.changePolled }));
}
