// @vitest-environment node
// The build's bundle rules (src/app/build/): the two parts of the app in one chunk each, the
// x-lazy modules of every screen in the build's table, none of axios's own browser adapters, React Router's
// production build without the parts the app does not use, and no code built from strings in
// anything the borrower downloads.
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { runInNewContext } from 'node:vm';
import { dirname, join, resolve } from 'node:path';
import { build, type Rollup } from 'vite';
import { describe, expect, it } from 'vitest';
import { axiosAdapters } from '../../../src/app/build/axiosAdapters';
import { FAMILIES } from '../../../src/host/families';
import { noEval } from '../../../src/app/build/noEval';
import { reactRouterProduction } from '../../../src/app/build/reactRouterProduction';
import { markReactRouterPure, reactRouterTreeShake } from '../../../src/app/build/reactRouterTreeShake';
import { collectSources } from '../../../src/app/build/screenSources';
import { partsOf, type Graph } from '../../../src/app/build/shellChunk';

function graph(edges: Record<string, string[]>, entries: string[]): Graph {
  return {
    ids: Object.keys(edges),
    info: (id) => (id in edges ? { isEntry: entries.includes(id), importedIds: edges[id]! } : null),
  };
}

describe('the two parts of the app (shellChunk)', () => {
  // main and promo load services; each mounts its React part; Input is an x-lazy block, imported
  // dynamically (no edge here), that uses hooks (React part) and values (first part).
  const app = graph(
    {
      '/src/app/main.tsx': ['/src/app/services.ts', '/src/app/mainOnly.ts'],
      '/src/app/promo.tsx': ['/src/app/services.ts'],
      '/src/app/services.ts': ['/src/host/http.ts', '/renderer/expr/values.ts'],
      '/src/host/http.ts': ['/node_modules/axios/index.js'],
      '/node_modules/axios/index.js': [],
      '/renderer/expr/values.ts': [],
      '/src/app/mainOnly.ts': [],
      '/src/app/mountMain.tsx': ['/src/app/App.tsx', '/src/app/Shell.tsx'],
      '/src/app/mountPromo.tsx': ['/src/app/PromoApp.tsx', '/src/app/Shell.tsx'],
      '/src/app/App.tsx': ['/src/app/Shell.tsx'],
      '/src/app/PromoApp.tsx': ['/src/app/Shell.tsx'],
      '/src/app/Shell.tsx': ['/renderer/hooks.ts', '/node_modules/react-dom/index.js'],
      '/renderer/hooks.ts': ['/renderer/expr/values.ts'],
      '/node_modules/react-dom/index.js': [],
      '/renderer/blocks/Input.tsx': ['/renderer/hooks.ts', '/renderer/blocks/form/FieldLabel.tsx'],
      '/renderer/blocks/form/FieldLabel.tsx': [],
    },
    ['/src/app/main.tsx', '/src/app/promo.tsx'],
  );
  const { services, shell } = partsOf(app);

  it('the first part: what both entries load, entries themselves and one-entry modules left out', () => {
    expect([...services].sort()).toEqual([
      '/node_modules/axios/index.js',
      '/renderer/expr/values.ts',
      '/src/app/services.ts',
      '/src/host/http.ts',
    ]);
  });

  it('the React part: what both mounts share, without the first part or a lazy block', () => {
    expect([...shell].sort()).toEqual([
      '/node_modules/react-dom/index.js',
      '/renderer/hooks.ts',
      '/src/app/Shell.tsx',
    ]);
  });
});

describe("the build's table of screens (screenSources)", () => {
  const table = collectSources(resolve(import.meta.dirname, '../../../screens'));

  it('names the x-lazy blocks and actions of each screen, and only those', () => {
    expect(table['repay-code']?.lazy).toEqual({ blocks: ['codeBox', 'qrcode'] });
    expect(table['promo-landing-classic']?.lazy).toEqual({
      blocks: ['countdownButton', 'input'],
      actions: ['validate'],
    });
    expect(table['loan-details']?.lazy).toBeUndefined();
    expect(table['loan-details']?.sources?.length).toBeGreaterThan(0);
  });
});

describe("none of axios's own browser adapters (axiosAdapters)", () => {
  const plugin = axiosAdapters() as unknown as {
    resolveId(source: string, importer?: string): string | null;
    load(id: string): string | null;
  };
  const ADAPTERS = '/p/node_modules/axios/lib/adapters/adapters.js';

  it("resolves axios's own imports of them, and nothing else", () => {
    expect(plugin.resolveId('./xhr.js', ADAPTERS)).toBe('/p/node_modules/axios/lib/helpers/null.js');
    const fetchStub = plugin.resolveId('./fetch.js', ADAPTERS)!;
    expect(plugin.load(fetchStub)).toContain('export const getFetch');
    expect(plugin.resolveId('./xhr.js', '/p/src/other.js')).toBeNull();
    expect(plugin.resolveId('./fetch.js', '/p/src/other.js')).toBeNull();
    expect(plugin.resolveId('../utils.js', ADAPTERS)).toBeNull();
  });

  /** The host's HTTP client bundled as the app's build bundles it, run in a fresh context. */
  async function bundleClients(withPlugin: boolean): Promise<string> {
    const dir = mkdtempSync(join(tmpdir(), 'axios-'));
    const entry = join(dir, 'entry.js');
    const http = resolve(import.meta.dirname, '../../../src/host/http.ts');
    // The module src/host imports as 'axios' (the entry lives outside the project's node_modules).
    const axiosEntry = resolve(import.meta.dirname, '../../../node_modules/axios/index.js');
    writeFileSync(
      entry,
      `import axios from ${JSON.stringify(axiosEntry)};\nexport { createClients } from ${JSON.stringify(http)};\n` +
        `export const named = (adapter) => axios.create({ adapter }).get('/x').catch((e) => e.message);\n`,
    );
    try {
      const output = (await build({
        configFile: false,
        logLevel: 'silent',
        root: resolve(import.meta.dirname, '../../..'),
        plugins: withPlugin ? [axiosAdapters()] : [],
        build: { write: false, minify: false, lib: { entry, formats: ['cjs'], fileName: 'clients' } },
      })) as Rollup.RollupOutput[];
      return output[0]!.output.map((chunk) => ('code' in chunk ? chunk.code : '')).join('\n');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }

  it('leaves their code out, and the bundled clients still send and read a reply', async () => {
    const [plain, built] = await Promise.all([bundleClients(false), bundleClients(true)]);
    // Lines of axios's fetch adapter (its user agent) and of its XHR adapter.
    const adapters = ['"User-Agent", "axios/"', 'new XMLHttpRequest'];
    expect(adapters.filter((text) => !plain.includes(text))).toEqual([]);
    expect(adapters.filter((text) => built.includes(text))).toEqual([]);
    expect(built.length).toBeLessThan(plain.length - 20_000);

    const module = { exports: {} as Record<string, (...args: never[]) => unknown> };
    runInNewContext(built, {
      module,
      exports: module.exports,
      require: createRequire(import.meta.url),
      AbortController,
      FormData,
      Headers,
      Response,
      URLSearchParams,
      setTimeout,
      clearTimeout,
    });
    const sent: string[] = [];
    const fetch = async (url: string, init: RequestInit) => {
      sent.push(`${String(init.method)} ${url} ${new Headers(init.headers).get('swift')}`);
      return new Response('{"code":0,"data":{"n":1}}', { status: 200 });
    };
    const { createClients, named } = module.exports as unknown as {
      createClients(
        header: (name: string) => string,
        fetch: unknown,
      ): {
        form: { request(request: object): Promise<unknown> };
      };
      named(adapter: string): Promise<string>;
    };
    const clients = createClients((name) => `${name}-1`, fetch);
    const reply = await clients.form.request({
      method: 'POST',
      url: '/nepenthes/x',
      body: 'a=1',
      signal: new AbortController().signal,
      family: FAMILIES.nepenthes,
    });
    expect(reply).toMatchObject({ ok: true, data: { n: 1 } });
    expect(sent).toEqual(['POST /nepenthes/x swift-1']);
    // Asking for one of axios's own adapters by name fails loudly.
    expect(await named('fetch')).toMatch(/adapter fetch is not available in the build/);
    expect(await named('xhr')).toMatch(/adapter xhr is not available in the build/);
  }, 30_000);
});

describe('no code built from strings (noEval)', () => {
  const check = (code: string) => {
    const plugin = noEval() as unknown as {
      generateBundle(this: { error(message: string): never }, options: unknown, bundle: unknown): void;
    };
    const context = {
      error(message: string): never {
        throw new Error(message);
      },
    };
    plugin.generateBundle.call(
      context,
      {},
      { 'assets/a.js': { type: 'chunk', fileName: 'assets/a.js', code } },
    );
  };

  it.each(['eval("1+1")', 'x=eval (s)', 'new Function("return 1")', 'f=new  Function (a,b)'])(
    'fails the build on %s',
    (code) => expect(() => check(code)).toThrow(/assets\/a\.js: the production CSP forbids it/),
  );

  it.each(['retrieval(x)', 'obj.eval(x)', 'isFunction(x)', 'new FunctionBox()', '"evaluate"'])(
    'lets %s through',
    (code) => expect(() => check(code)).not.toThrow(),
  );
});

describe("React Router's production build (reactRouterProduction)", () => {
  // Resolution as Vite does it for the browser: the package's "import" condition, which React
  // Router points at dist/development for every build.
  const require = createRequire(import.meta.url);
  const dom = dirname(require.resolve('react-router-dom/package.json'));
  const plugin = reactRouterProduction() as unknown as {
    resolveId(
      this: { resolve(source: string, importer?: string): Promise<{ id: string } | null> },
      source: string,
      importer?: string,
      options?: object,
    ): Promise<{ id: string } | null>;
  };
  const context = {
    resolve: async (source: string) => {
      const base = dirname(require.resolve(`${source.split('/')[0]}/package.json`, { paths: [dom] }));
      const sub = source.includes('/') ? './' + source.split('/').slice(1).join('/') : '.';
      const manifest = require(`${base}/package.json`) as {
        exports: Record<string, { import?: { default: string }; module?: { default: string } }>;
      };
      const target = manifest.exports[sub]?.import ?? manifest.exports[sub]?.module;
      return target ? { id: resolve(base, target.default) } : null;
    },
  };

  it.each(['react-router', 'react-router/dom'])('takes %s from dist/production', async (source) => {
    const plain = await context.resolve(source);
    expect(plain?.id).toMatch(/[\\/]dist[\\/]development[\\/]/);
    const built = await plugin.resolveId.call(context, source, `${dom}/dist/index.mjs`, {});
    expect(built?.id).toBe(plain!.id.replace(/([\\/])development([\\/])/, '$1production$2'));
  });

  it('leaves every other import alone', async () => {
    expect(await plugin.resolveId.call(context, 'react-router-dom', '/p/src/app/App.tsx', {})).toBeNull();
    expect(await plugin.resolveId.call(context, './chunk.mjs', '/p/x.mjs', {})).toBeNull();
  });
});

describe('React Router without what the app does not use (reactRouterTreeShake)', () => {
  const require = createRequire(import.meta.url);
  const production = resolve(
    dirname(require.resolve('react-router-dom/package.json', { paths: [import.meta.dirname] })),
    '../react-router/dist/production/index.mjs',
  );

  /** The app's use of React Router, bundled as the app's build bundles it, unminified. */
  async function bundle(withPlugin: boolean): Promise<string> {
    const dir = mkdtempSync(join(tmpdir(), 'router-'));
    const entry = join(dir, 'entry.js');
    writeFileSync(
      entry,
      `export { BrowserRouter, HashRouter, useLocation, useNavigate } from ${JSON.stringify(production)};`,
    );
    try {
      const output = (await build({
        configFile: false,
        logLevel: 'silent',
        root: dir,
        plugins: withPlugin ? [reactRouterTreeShake()] : [],
        build: {
          write: false,
          minify: false,
          lib: { entry, formats: ['es'], fileName: 'router' },
          rollupOptions: { external: (id) => /^react(-dom)?(\/|$)/.test(id) },
        },
      })) as Rollup.RollupOutput[];
      return output[0]!.output.map((chunk) => ('code' in chunk ? chunk.code : '')).join('\n');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }

  it('drops the links, forms and scroll restoration no borrower page renders; keeps the routers', async () => {
    const [plain, shaken] = await Promise.all([bundle(false), bundle(true)]);
    // Links, forms, scroll restoration; the route error boundary's server-component error handling.
    const unused = ['react-router-scroll-positions', 'aria-current', 'fetcher.Form', 'REACT_ROUTER_ERROR'];
    expect(unused.filter((text) => !plain.includes(text))).toEqual([]);
    expect(unused.filter((text) => shaken.includes(text))).toEqual([]);
    // What navigating needs stays, its check of the target included.
    expect(shaken).toContain('External navigation is not allowed');
    expect(shaken).toMatch(/function BrowserRouter\(/);
    expect(shaken).toMatch(/function HashRouter\(/);
    expect(shaken.length).toBeLessThan(plain.length * 0.6);
  }, 30_000);

  it('still finds its patterns in the installed React Router (an upgrade that changes them fails here)', () => {
    const dir = dirname(production);
    const edits = readdirSync(dir)
      .filter((name) => name.endsWith('.mjs'))
      .map((name) => markReactRouterPure(readFileSync(join(dir, name), 'utf8')));
    expect(edits.reduce((n, edit) => n + edit.namesDropped, 0)).toBeGreaterThanOrEqual(10);
    expect(edits.reduce((n, edit) => n + edit.callsMarked, 0)).toBeGreaterThanOrEqual(10);
    expect(edits.reduce((n, edit) => n + edit.classesWrapped, 0)).toBeGreaterThanOrEqual(1);
  });

  it('marks only the factory calls, drops only top-level name writes, and keeps every line', () => {
    // Each line of a sample and what it becomes ('=': unchanged).
    const lines: [string, string][] = [
      ['var A = React.createContext(null);', 'var A = /* @__PURE__ */ React.createContext(null);'],
      ['A.displayName = "A";', ''],
      [
        'var L = React10.forwardRef(function L() {});',
        'var L = /* @__PURE__ */ React10.forwardRef(function L() {});',
      ],
      ['var M = /* @__PURE__ */ React.createContext(1);', '='],
      ['function f() {', '='],
      ['    B.displayName = "fetcher.Form";', '='],
      ['  return React.useContext(A);', '='],
      ['}', '='],
      ['var N = MyReact.forwardRef(g);', '='],
      [
        'var Boundary = class extends React.Component {',
        'var Boundary = /* @__PURE__ */ (() => { const Boundary = class extends React.Component {',
      ],
      ['  render() {}', '='],
      ['};', '='],
      ['Boundary.contextType = A;', 'Boundary.contextType = A; return Boundary; })();'],
      ['Other.contextType = A;', '='],
      // A static write that does not directly follow its class is left alone.
      ['var Late = class {', '='],
      ['};', '='],
      ['f();', '='],
      ['};', '='],
      ['Late.contextType = A;', '='],
      ['', '='],
    ];
    const edit = markReactRouterPure(lines.map(([line]) => line).join('\n'));
    expect(edit.code.split('\n')).toEqual(lines.map(([line, after]) => (after === '=' ? line : after)));
    expect(edit).toMatchObject({ namesDropped: 1, callsMarked: 2, classesWrapped: 1 });
  });

  it('a wrapped class is the same class, with its static property set as before', () => {
    const code = [
      'var Boundary = class extends Base {',
      '  render() {',
      '    return this.constructor.contextType;',
      '  }',
      '};',
      'Boundary.contextType = Context;',
      '',
    ].join('\n');
    const edit = markReactRouterPure(code);
    expect(edit.classesWrapped).toBe(1);
    const Boundary = runInNewContext(`${edit.code}Boundary;`, { Base: class {}, Context: 'ctx' }) as {
      contextType: unknown;
      new (): { render(): unknown };
    };
    expect(Boundary.contextType).toBe('ctx');
    expect(new Boundary().render()).toBe('ctx');
  });
});
