// Times validate + render of a 200-block document in the browser, the way the app does it:
// the precompiled validator, then the engine's Screen, until the DOM is painted.
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import '../../renderer/theme.css';
import { Screen } from '../../renderer/Screen';
import { validateScreenDocument } from '../../renderer/validate/validateDocument';
import { createFakeHost } from '../../tests/fixtures/fakeHost';
import { bigDocument } from './document';

declare global {
  interface Window {
    __bench: (runs: number) => Promise<number[]>;
  }
}

const nextPaint = () => new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));

window.__bench = async (runs) => {
  const times: number[] = [];
  const host = createFakeHost(async () => ({ ok: true, data: {} }));
  for (let i = 0; i < runs; i++) {
    const container = document.createElement('div');
    document.getElementById('root')!.replaceChildren(container);
    const raw = JSON.parse(JSON.stringify(bigDocument)) as unknown;
    const start = performance.now();
    const checked = validateScreenDocument(raw);
    if (!checked.ok) throw new Error(`bench document invalid: ${JSON.stringify(checked.errors.slice(0, 3))}`);
    const root = createRoot(container);
    flushSync(() => root.render(<Screen doc={checked.doc} host={host} params={{}} setTitle={false} />));
    await nextPaint();
    times.push(performance.now() - start);
    root.unmount();
  }
  return times;
};
