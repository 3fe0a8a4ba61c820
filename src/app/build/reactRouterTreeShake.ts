// Build time (Vite plugin): lets the bundler drop the parts of React Router the app never uses.
// React Router ships its whole library as one module whose top level creates every context and
// component (`React.createContext(…)`, `React.forwardRef(…)`) without a pure annotation, names each
// one (`Link.displayName = "Link"`) and sets a static property after one class. The bundler must
// keep a call it cannot prove pure and every property write, so Link, NavLink, Form,
// ScrollRestoration, the data router's contexts, the server-component error handling and all
// they reach stayed in the first chunk (~7 KB gzip) although no borrower page renders them. In
// React Router's production files only, this marks those calls pure (they only build an object),
// drops the name writes (read by React DevTools only) and builds such a class and its static write
// inside a pure function (the same class, set up at the same moment). Nothing else changes: what
// is unused is removed, what is used is exactly as before. If a later React Router writes its
// code another way, nothing matches and the bundle is only bigger again
// (tests/unit/build/bundle.test.ts checks the installed version still matches).
import type { Plugin } from 'vite';

const PRODUCTION_FILE = /[\\/]node_modules[\\/]react-router[\\/]dist[\\/]production[\\/][^\\/]+\.m?js$/;
/** `Link.displayName = "Link";` on a line of its own, at the module's top level. */
const NAME_WRITE = /^[A-Za-z_$][\w$]*\.displayName = "[^"\n]*";\n/gm;
/**
 * `var Boundary = class extends … {⏎…⏎};⏎Boundary.contextType = Context;`: a class whose static
 * property is written after it (the write would keep the class and all it reaches).
 */
const CLASS_WITH_STATIC =
  /^var ([A-Za-z_$][\w$]*) = class ([^\n]*)\n((?:[ \t].*\n|\n)*?)\};\n\1\.([A-Za-z_$][\w$]*) = ([A-Za-z_$][\w$]*);\n/gm;
/** `React.createContext(`, `React10.forwardRef(`, `React3.memo(`, not already annotated. */
const FACTORY_CALL = /(?<!\/\* @__PURE__ \*\/ )\b(React\d*\.(?:createContext|forwardRef|memo)\()/g;

export interface TreeShakeEdit {
  code: string;
  namesDropped: number;
  callsMarked: number;
  classesWrapped: number;
}

/**
 * The file's code with the factory calls marked pure, the top-level name writes removed, and each
 * class with a static write after it built inside a pure function (same class, same write, same
 * moment: only now the bundler may drop both when nothing uses the class).
 */
export function markReactRouterPure(code: string): TreeShakeEdit {
  let namesDropped = 0;
  let callsMarked = 0;
  let classesWrapped = 0;
  const out = code
    .replace(NAME_WRITE, () => {
      namesDropped += 1;
      return '\n'; // Lines kept: the source map stays exact.
    })
    .replace(FACTORY_CALL, (call: string) => {
      callsMarked += 1;
      return `/* @__PURE__ */ ${call}`;
    })
    .replace(CLASS_WITH_STATIC, (...[, name, head, body, key, value]: string[]) => {
      classesWrapped += 1;
      return (
        `var ${name} = /* @__PURE__ */ (() => { const ${name} = class ${head}\n${body}};\n` +
        `${name}.${key} = ${value}; return ${name}; })();\n`
      );
    });
  return { code: out, namesDropped, callsMarked, classesWrapped };
}

export function reactRouterTreeShake(): Plugin {
  return {
    name: 'lender-react-router-tree-shake',
    apply: 'build',
    transform: {
      filter: { id: PRODUCTION_FILE },
      handler(code) {
        const edit = markReactRouterPure(code);
        return edit.namesDropped + edit.callsMarked + edit.classesWrapped > 0
          ? { code: edit.code, map: null }
          : null;
      },
    },
  };
}
