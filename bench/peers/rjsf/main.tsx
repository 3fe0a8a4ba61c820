// react-jsonschema-form (@rjsf/core) with its precompiled validator for the form; the rest of the
// page is plain React from the same content.
import Form from '@rjsf/core';
import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import { createPrecompiledValidator, type ValidatorFunctions } from '@rjsf/validator-ajv8';
import { createRoot, type Root } from 'react-dom/client';
import { content, type Part } from '../content';
import { installPeer } from '../harness';
import { formSchema, uiSchema } from './document';
// Generated CommonJS (bench/peers/rjsf/compile.ts, run before each build).
import * as precompiled from './validator.gen.cjs';

const validator = createPrecompiledValidator(
  precompiled as unknown as ValidatorFunctions,
  formSchema as RJSFSchema,
);
const roots = new WeakMap<HTMLElement, Root>();

interface Doc {
  part: Part;
  schema: RJSFSchema;
  uiSchema: UiSchema;
  page?: typeof content;
}

function Page({ doc }: { doc: Doc }) {
  const page = doc.page;
  return (
    <main>
      {page && (
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
      <Form schema={doc.schema} uiSchema={doc.uiSchema} validator={validator} />
    </main>
  );
}

installPeer({
  documentText: (part) =>
    JSON.stringify({ part, schema: formSchema, uiSchema, ...(part === 'page' ? { page: content } : {}) }),
  draw(text, target) {
    const root = createRoot(target);
    roots.set(target, root);
    root.render(<Page doc={JSON.parse(text) as Doc} />);
  },
  clear: (target) => roots.get(target)?.unmount(),
});
