// Build time (Vite plugin): the two parts of src/app/boot.ts as one chunk each. "services": what
// both entries (index.html, promo.html) load before React; "Shell": what the mount modules
// (src/app/mount*.tsx) share, minus that. The x-lazy blocks (renderer/lazy.ts) start downloading
// from the first part, before the React part has arrived; left to itself the bundler then splits
// every module a lazy block shares with either part into small chunks of its own (a lazy block
// might run without them). It never does: both parts are loaded before any block draws. So those
// modules stay in their part: fewer requests, and gzip sees them together.
import type { Plugin } from 'vite';

const MOUNT = /[\\/]src[\\/]app[\\/]mount[A-Z][A-Za-z]*\.tsx$/;

export interface Graph {
  ids: Iterable<string>;
  info(id: string): { isEntry: boolean; importedIds: readonly string[] } | null;
}

/** The modules statically reachable from `roots`. */
function reach(graph: Graph, roots: string[]): Set<string> {
  const seen = new Set<string>();
  const stack = [...roots];
  while (stack.length > 0) {
    const id = stack.pop()!;
    if (seen.has(id)) continue;
    seen.add(id);
    stack.push(...(graph.info(id)?.importedIds ?? []));
  }
  return seen;
}

/** Modules that two or more of `roots` import statically (not the roots), except `taken`. */
function shared(graph: Graph, roots: string[], taken: Set<string>): Set<string> {
  const count = new Map<string, number>();
  for (const root of roots)
    for (const id of reach(graph, [root]))
      if (!taken.has(id) && !roots.includes(id)) count.set(id, (count.get(id) ?? 0) + 1);
  return new Set([...count].filter(([, n]) => n >= 2).map(([id]) => id));
}

export function partsOf(graph: Graph): { services: Set<string>; shell: Set<string> } {
  const ids = [...graph.ids];
  const entries = ids.filter((id) => graph.info(id)?.isEntry);
  const services = shared(graph, entries, new Set());
  const initial = reach(graph, entries);
  const shell = shared(
    graph,
    ids.filter((id) => MOUNT.test(id)),
    initial,
  );
  return { services, shell };
}

export function shellChunk(): Plugin {
  let parts = { services: new Set<string>(), shell: new Set<string>() };
  return {
    name: 'lender-shell-chunk',
    apply: 'build',
    buildEnd() {
      parts = partsOf({ ids: this.getModuleIds(), info: (id) => this.getModuleInfo(id) });
    },
    outputOptions(options) {
      // Without recursion: a part's imports are in the other part, never pulled across.
      const group = (name: string, members: () => Set<string>) => ({
        name,
        test: (id: string) => members().has(id),
        includeDependenciesRecursively: false,
      });
      return {
        ...options,
        codeSplitting: {
          groups: [group('services', () => parts.services), group('Shell', () => parts.shell)],
        },
      };
    },
  };
}
