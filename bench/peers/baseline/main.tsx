// The baseline: a bare React 19 + React Router + axios page showing the same content as plain
// JSX (its data from a JSON text, as if fetched with axios). The smallest a hand-written React
// page with this project's basic dependencies can be; our first screen is measured against it.
import axios from 'axios';
import { createRoot, type Root } from 'react-dom/client';
import { BrowserRouter, Route, Routes } from 'react-router-dom';
import { content, type Part } from '../content';
import { installPeer } from '../harness';

// Referenced so the bundle carries axios, as the app does (never called: the bench is offline).
export const client = axios.create({ baseURL: '/', timeout: 15_000 });
const roots = new WeakMap<HTMLElement, Root>();

function Page({ page, part }: { page: typeof content; part: Part }) {
  return (
    <main>
      {part === 'page' && (
        <>
          <header>
            <h1>{page.header.title}</h1>
            <p>{page.header.text}</p>
          </header>
          <dl>
            {page.rows.map((r) => (
              <div key={r.label}>
                <dt>{r.label}</dt>
                <dd>{r.value}</dd>
              </div>
            ))}
          </dl>
          {page.products.map((p) => (
            <section key={p.id}>
              <h2>{p.name}</h2>
              <p>{`${p.range} · ${p.rate}`}</p>
              <button type="button">{p.cta}</button>
            </section>
          ))}
        </>
      )}
      <form onSubmit={(e) => e.preventDefault()}>
        <h2>{page.form.title}</h2>
        {page.form.fields.map((f) => (
          <label key={f.name}>
            {f.label}
            {f.kind === 'select' ? (
              <select name={f.name}>
                {f.options?.map((o) => (
                  <option key={o}>{o}</option>
                ))}
              </select>
            ) : f.kind === 'textarea' ? (
              <textarea name={f.name} />
            ) : (
              <input name={f.name} type={f.kind} />
            )}
          </label>
        ))}
        <button type="submit">{page.form.submit}</button>
      </form>
    </main>
  );
}

installPeer({
  documentText: (part) => JSON.stringify({ part, page: content }),
  draw(text, target) {
    const { part, page } = JSON.parse(text) as { part: Part; page: typeof content };
    const root = createRoot(target);
    roots.set(target, root);
    root.render(
      <BrowserRouter>
        <Routes>
          <Route path="*" element={<Page page={page} part={part} />} />
        </Routes>
      </BrowserRouter>,
    );
  },
  clear: (target) => roots.get(target)?.unmount(),
});
