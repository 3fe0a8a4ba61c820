// The studio's visual tools as an ops person drives them (issue 25's "ten ops tasks"): the
// outline, the phone and the property panel, and a tally of what the task cost. Every click and
// every key that is not text goes through `Tally`, which counts it as it does it, so the counts in
// the README's table are measured by the tests, not written by hand. A keyboard-only tally refuses
// the mouse, and the page itself counts pointer presses to show none happened. The steps
// themselves (the outline, the panel, the phone, the saved diff) are visual-helpers.ts's.
import type { Locator, Page } from '@playwright/test';
import { expect } from './support';

export class Tally {
  clicks = 0;
  keys = 0;

  constructor(
    readonly page: Page,
    readonly keyboardOnly = false,
  ) {}

  private mouse(n = 1): void {
    if (this.keyboardOnly) throw new Error('a keyboard-only task used the mouse');
    this.clicks += n;
  }

  async click(target: Locator, options?: Parameters<Locator['click']>[0]): Promise<void> {
    this.mouse();
    await target.click(options);
  }

  /** A native select: a click to open it and one on the option. */
  async choose(select: Locator, option: string | { label: string }): Promise<void> {
    this.mouse(2);
    await select.selectOption(option);
  }

  /** Types `text` over what a text box holds: a click into it, select all when it holds text, the words. */
  async write(box: Locator, text: string): Promise<void> {
    this.mouse();
    await box.click();
    if ((await box.inputValue()) !== '') await this.press('ControlOrMeta+a');
    await this.page.keyboard.type(text);
  }

  /** A key that is not text (Tab, Enter, arrows, shortcuts), `times` times. */
  async press(key: string, times = 1): Promise<void> {
    for (let i = 0; i < times; i++) {
      this.keys++;
      await this.page.keyboard.press(key);
    }
  }

  /** Words typed where the focus is: text, not counted. */
  async type(text: string): Promise<void> {
    await this.page.keyboard.type(text);
  }

  /** Presses Tab until `target` has the focus (at most `max` times). */
  async tabTo(target: Locator, max = 12): Promise<void> {
    for (let i = 0; i < max; i++) {
      if (await target.evaluate((el) => el === document.activeElement)) return;
      await this.press('Tab');
    }
    await expect(target).toBeFocused();
  }

  /** From now on the studio's page counts pointer presses (a keyboard-only task must make none). */
  async watchPointer(): Promise<void> {
    await this.page.evaluate(() => {
      const w = window as unknown as { __pointerDowns: number };
      w.__pointerDowns = 0;
      window.addEventListener('pointerdown', () => w.__pointerDowns++, true);
    });
  }

  pointerDowns(): Promise<number> {
    return this.page.evaluate(() => (window as unknown as { __pointerDowns: number }).__pointerDowns);
  }

  get counts(): { clicks: number; keys: number } {
    return { clicks: this.clicks, keys: this.keys };
  }
}

/**
 * A task's counts, printed for the README's table (`STUDIO_COUNTS=1`), and checked against the
 * target (issue 25: 12; a task the studio cannot do in 12 yet passes the count it takes, so it
 * does not get worse unnoticed).
 */
export function reportCounts(task: string, tally: Tally, target = 12): void {
  if (process.env.STUDIO_COUNTS) console.log(`counts ${task}: ${tally.clicks} clicks, ${tally.keys} keys`);
  expect.soft(tally.clicks, `${task}: clicks`).toBeLessThanOrEqual(target);
  expect.soft(tally.keys, `${task}: non-text keys`).toBeLessThanOrEqual(target);
}
