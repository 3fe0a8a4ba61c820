// A screen's params: the query of its route, with the productId/product_id aliases filled.
import { fillAliases } from '../host/session';

export function paramsOf(search: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of new URLSearchParams(search)) out[key] = value;
  return fillAliases(out);
}
