// Build time (Vite plugin): lets the bundler drop the parts of React Router the app never uses.
// React Router ships its whole library as one module whose top level creates every context and
// component (`React.createContext(…)`, `React.forwardRef(…)`) without a pure annotation and then
// names each one (`Link.displayName = "Link"`). The bundler must keep a call it cannot prove pure
// and every property write, so Link, NavLink, Form, ScrollRestoration, the data router's contexts
// and everything they reach stayed in the first chunk (~5 KB gzip) although no borrower page
// renders them. This marks those calls pure (they only build an object) and drops the name writes
// (read by React DevTools only), in React Router's production files only. Nothing else changes: an
// unused component is removed, a used one is exactly as before. If a later React Router writes
// its code another way, nothing matches and the bundle is only bigger again
// (tests/unit/build/bundle.test.ts checks the installed version still matches).
import type { Plugin } from 'vite';

const PRODUCTION_FILE = /[\\/]node_modules[\\/]react-router[\\/]dist[\\/]production[\\/][^\\/]+\.m?js$/;
/** `Link.displayName = "Link";` on a line of its own, at the module's top level. */
const NAME_WRITE = /^[A-Za-z_$][\w$]*\.displayName = "[^"\n]*";\n/gm;
/** `React.createContext(`, `React10.forwardRef(`, `React3.memo(`, not already annotated. */
const FACTORY_CALL = /(?<!\/\* @__PURE__ \*\/ )\b(React\d*\.(?:createContext|forwardRef|memo)\()/g;

export interface TreeShakeEdit {
  code: string;
  namesDropped: number;
  callsMarked: number;
}

/** The file's code with the factory calls marked pure and the top-level name writes removed. */
export function markReactRouterPure(code: string): TreeShakeEdit {
  let namesDropped = 0;
  let callsMarked = 0;
  const out = code
    .replace(NAME_WRITE, () => {
      namesDropped += 1;
      return '\n'; // Lines kept: the source map stays exact.
    })
    .replace(FACTORY_CALL, (call: string) => {
      callsMarked += 1;
      return `/* @__PURE__ */ ${call}`;
    });
  return { code: out, namesDropped, callsMarked };
}

export function reactRouterTreeShake(): Plugin {
  return {
    name: 'lender-react-router-tree-shake',
    apply: 'build',
    transform: {
      filter: { id: PRODUCTION_FILE },
      handler(code, id) {
        if (!PRODUCTION_FILE.test(id)) return null;
        const edit = markReactRouterPure(code);
        return edit.namesDropped + edit.callsMarked > 0 ? { code: edit.code, map: null } : null;
      },
    },
  };
}
