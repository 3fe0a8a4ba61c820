// The condition builder (issue 25 item 2): rows of field, operator and value joined by and/or,
// written as the engine's operator JSON. A part it cannot show as a row stays editable as an
// expression (`expression`, the panel's JSON field). Fields are picked from the paths the
// document reads (model/bindings.ts).
import type { ReactNode } from 'react';
import {
  conditionOf,
  OPERATORS,
  rowsOf,
  textOfValue,
  valueOfText,
  type Operator,
  type Row,
  type Rows,
} from './model/conditions';

interface Props {
  id: string;
  label: string;
  value: unknown;
  /** The data paths to choose from (params, state, variables, the sources' data). */
  paths: string[];
  onValue(value: unknown): void;
  /** An expression row's editor. */
  expression(label: string, value: unknown, onValue: (v: unknown) => void): ReactNode;
}

const OP_WORDS: Record<Operator, string> = {
  '==': 'is',
  '!=': 'is not',
  '>': 'is more than',
  '>=': 'is at least',
  '<': 'is less than',
  '<=': 'is at most',
  in: 'is one of',
};

export function ConditionField({ id, label, value, paths, onValue, expression }: Props) {
  const rows = rowsOf(value);
  const write = (next: Rows) => onValue(conditionOf(next));
  const list = `${id}-paths`;
  const setRow = (i: number, row: Row) =>
    write({ ...rows, rows: rows.rows.map((x, j) => (j === i ? row : x)) });
  return (
    <div className="studio-condition" role="group" aria-label={`${label} condition`}>
      <datalist id={list}>
        {paths.map((p) => (
          <option key={p} value={p} />
        ))}
      </datalist>
      {rows.rows.length > 1 && (
        <select
          aria-label={`${label}: rows joined by`}
          value={rows.join}
          onChange={(e) => write({ ...rows, join: e.target.value as 'and' | 'or' })}
        >
          <option value="and">All of these (and)</option>
          <option value="or">Any of these (or)</option>
        </select>
      )}
      {rows.rows.map((r, i) => {
        const name = `${label} row ${i + 1}`;
        const remove = (
          <button
            type="button"
            aria-label={`Remove ${name}`}
            onClick={() => write({ ...rows, rows: rows.rows.filter((_, j) => j !== i) })}
          >
            ✕
          </button>
        );
        if ('expr' in r)
          return (
            <div key={i} className="studio-condition-row studio-condition-expr">
              {expression(`${name} expression`, r.expr, (v) => setRow(i, { expr: v }))}
              {remove}
            </div>
          );
        return (
          <div key={i} className="studio-condition-row">
            <input
              type="text"
              aria-label={`${name} field`}
              list={list}
              value={r.path}
              onChange={(e) => setRow(i, { ...r, path: e.target.value })}
            />
            <select
              aria-label={`${name} operator`}
              value={r.op}
              onChange={(e) => {
                const op = e.target.value as Operator;
                setRow(i, { ...r, op, value: valueOfText(textOfValue(r.value), op) });
              }}
            >
              {OPERATORS.map((o) => (
                <option key={o} value={o}>
                  {OP_WORDS[o]}
                </option>
              ))}
            </select>
            <input
              key={`${i}:${textOfValue(r.value)}`}
              type="text"
              aria-label={`${name} value`}
              defaultValue={textOfValue(r.value)}
              onBlur={(e) => setRow(i, { ...r, value: valueOfText(e.target.value, r.op) })}
              onKeyDown={(e) =>
                e.key === 'Enter' && setRow(i, { ...r, value: valueOfText(e.currentTarget.value, r.op) })
              }
            />
            {remove}
          </div>
        );
      })}
      <button
        type="button"
        onClick={() =>
          write({ ...rows, rows: [...rows.rows, { path: paths[0] ?? 'data', op: '==', value: '' }] })
        }
      >
        Add condition row
      </button>
    </div>
  );
}
