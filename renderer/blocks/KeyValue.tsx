import type { BlockProps } from '../block';
import type { KeyValueBlock } from '../types.gen';
import { useEngine } from '../engine';
import { useEval } from '../hooks';
import { isMissing, toText } from '../expr/values';
import { styleClass } from '../style';
import { DEFAULT_LIMIT } from './ItemList';
import './KeyValue.css';

interface Pair {
  label: unknown;
  value: unknown;
}

function field(row: unknown, name: string): unknown {
  if (!row || typeof row !== 'object' || !Object.prototype.hasOwnProperty.call(row, name)) return undefined;
  return (row as Record<string, unknown>)[name];
}

/** Rows from server data: anything that is not a list of objects is skipped, never a crash. */
function pairsOf(block: KeyValueBlock, evaluate: (expr: unknown) => unknown): Pair[] {
  if (block.items) return block.items.map((i) => ({ label: evaluate(i.label), value: evaluate(i.value) }));
  const rows = evaluate(block.rows);
  if (!Array.isArray(rows)) return [];
  const labelKey = block.labelKey ?? 'text';
  const valueKey = block.valueKey ?? 'value';
  return rows
    .slice(0, DEFAULT_LIMIT)
    .filter((row) => row !== null && typeof row === 'object' && !Array.isArray(row))
    .map((row) => ({ label: field(row, labelKey), value: field(row, valueKey) }));
}

export default function KeyValue({ block, frame }: BlockProps<KeyValueBlock>) {
  const { host } = useEngine();
  const evaluate = useEval(frame);
  const pairs = pairsOf(block, evaluate);
  if (pairs.length === 0) return null;
  const show = (value: unknown) =>
    block.valueFormat && !isMissing(value) ? host.format(block.valueFormat, value) : toText(value);
  return (
    <dl className={`blk-keyValue ${block.divider ? 'has-divider' : ''} ${styleClass(block.style)}`}>
      {pairs.map((pair, i) => (
        <div className="blk-keyValue-row" key={i}>
          <dt>{toText(pair.label)}</dt>
          <dd>{show(pair.value)}</dd>
        </div>
      ))}
    </dl>
  );
}
