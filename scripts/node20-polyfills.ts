// Node 20 lacks Map.groupBy (Node 21+), which vitest 5's reporter uses (toolchain.md: vitest 5 runs on Node 20).
const MapWithGroupBy = Map as unknown as { groupBy?: unknown };
if (typeof MapWithGroupBy.groupBy !== 'function') {
  MapWithGroupBy.groupBy = function groupBy<K, V>(items: Iterable<V>, key: (item: V, index: number) => K) {
    const map = new Map<K, V[]>();
    let i = 0;
    for (const item of items) {
      const k = key(item, i++);
      const list = map.get(k);
      if (list) list.push(item);
      else map.set(k, [item]);
    }
    return map;
  };
}
export {};
