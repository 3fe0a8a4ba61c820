// Build time (Vite plugin): the borrower's pages run under `script-src 'self'` without
// 'unsafe-eval', so code built from strings would throw there, on a phone, not here. A chunk that
// contains eval( or new Function( fails the build (a dependency update can bring one in).
import type { Plugin } from 'vite';

const EVAL = /(?<![\w$.])eval\s*\(|\bnew\s+Function\s*\(/;

export function noEval(): Plugin {
  return {
    name: 'lender-no-eval',
    apply: 'build',
    generateBundle(_options, bundle) {
      const found = Object.values(bundle)
        .filter((file) => file.type === 'chunk' && EVAL.test(file.code))
        .map((file) => file.fileName);
      if (found.length > 0)
        this.error(`eval( or new Function( in ${found.join(', ')}: the production CSP forbids it`);
    },
  };
}
