// The property panel (issue 25 item 2): a form for the selected block (or action, popup, …) made
// from its JSON Schema at run time (model/fields.ts), with no form written per block type. Each
// field shows its schema description as help and the checker's problems about it; a change is
// written into the document's text at once, as one edit of the editor (its undo takes it back).
import { useEffect, useId, useRef, useState } from 'react';
import type { Problem } from '../../../renderer/validate/problem';
import { childPointer } from '../../../renderer/validate/pointer';
import { choiceControl } from './model/choices';
import type { FieldModel, FieldSpec } from './model/fields';
import type { Path } from './model/textEdits';
import type { Resolved } from '../editor/schemaNav';
import { pointerOf } from './model/paths';
import { ActionsField } from './ActionsField';
import { ConditionField } from './ConditionField';

export interface PanelProps {
  model: FieldModel;
  /** The value being edited, and where it is. */
  value: Record<string, unknown>;
  path: Path;
  here: Resolved;
  problems: readonly Problem[];
  /** Sets (or with undefined removes) the value at `path` in the text. */
  write(path: Path, value: unknown): void;
  /** Lists to choose from (x-choices): routes, modals, timers, apiPaths, trackEvents. */
  choices(name: string): string[];
  /** What a condition or a binding may read (model/bindings.ts). */
  paths: string[];
}

/** "onTap" -> "On tap", "imageUrl" -> "Image url". */
export const humanize = (name: string) => {
  const words = name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
};

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** The text a field shows while it is typed in, following the document when it changes elsewhere. */
function useDraft(value: string): [string, (v: string) => void] {
  const [draft, setDraft] = useState(value);
  const last = useRef(value);
  useEffect(() => {
    if (value !== last.current) {
      last.current = value;
      setDraft(value);
    }
  }, [value]);
  return [
    draft,
    (v) => {
      last.current = v;
      setDraft(v);
    },
  ];
}

const HIDDEN = new Set(['type', 'do']);

interface FieldProps extends Omit<PanelProps, 'value' | 'here'> {
  spec: FieldSpec;
  value: unknown;
  depth: number;
  /** A list item's index (its field name is the index's text). */
  index?: number;
}

function TextLike({
  id,
  value,
  onText,
  kind,
  list,
}: {
  id: string;
  value: string;
  onText(v: string): void;
  kind: string;
  /** The id of a <datalist> of suggestions. */
  list?: string;
}) {
  const [draft, setDraft] = useDraft(value);
  const multi = kind === 'text' && value.length > 60;
  const props = {
    id,
    value: draft,
    onChange: (e: { target: { value: string } }) => {
      setDraft(e.target.value);
      onText(e.target.value);
    },
  };
  return multi ? <textarea rows={3} {...props} /> : <input type="text" list={list} {...props} />;
}

function JsonField({
  id,
  label,
  value,
  onValue,
}: {
  id?: string;
  label?: string;
  value: unknown;
  onValue(v: unknown): void;
}) {
  const shown = value === undefined ? '' : JSON.stringify(value);
  const [draft, setDraft] = useDraft(shown);
  const [bad, setBad] = useState(false);
  return (
    <textarea
      id={id}
      aria-label={label}
      rows={Math.min(6, 1 + Math.floor(shown.length / 40))}
      className="studio-prop-json"
      aria-invalid={bad}
      value={draft}
      onChange={(e) => setDraft(e.target.value)}
      onBlur={() => {
        if (draft === shown) return;
        try {
          onValue(draft.trim() === '' ? undefined : JSON.parse(draft));
          setBad(false);
        } catch {
          setBad(true);
        }
      }}
    />
  );
}

function Field({ spec, value, path, model, problems, write, choices, paths, depth, index }: FieldProps) {
  const id = useId();
  const help = `${id}-help`;
  const at = [...path, index ?? spec.name];
  const pointer = pointerOf(at);
  const mine = problems.filter((p) => p.pointer === pointer || p.pointer.startsWith(`${pointer}/`));
  const set = (v: unknown) => write(at, v);
  let control: React.ReactNode;
  const str = typeof value === 'string' ? value : value === undefined ? '' : null;
  switch (spec.kind) {
    case 'blocks':
      control = (
        <p className="studio-prop-note">
          {Array.isArray(value) ? `${value.length} blocks: in the outline` : 'In the outline'}
        </p>
      );
      break;
    case 'enum':
      control = (
        <select
          id={id}
          value={value === undefined ? '' : JSON.stringify(value)}
          onChange={(e) => set(e.target.value === '' ? undefined : JSON.parse(e.target.value))}
        >
          {!spec.required && (
            <option value="">
              {spec.default !== undefined ? `Default (${String(spec.default)})` : '(none)'}
            </option>
          )}
          {(spec.options ?? []).map((o) => (
            <option key={JSON.stringify(o)} value={JSON.stringify(o)}>
              {String(o)}
            </option>
          ))}
        </select>
      );
      break;
    case 'boolean':
      control = (
        <input
          id={id}
          type="checkbox"
          checked={value === undefined ? spec.default === true : value === true}
          onChange={(e) => set(e.target.checked)}
        />
      );
      break;
    case 'number':
      control = (
        <input
          id={id}
          type="number"
          value={typeof value === 'number' ? value : ''}
          min={spec.minimum}
          max={spec.maximum}
          step={spec.integer ? 1 : 'any'}
          onChange={(e) => set(e.target.value === '' ? undefined : Number(e.target.value))}
        />
      );
      break;
    case 'color': {
      const hex = typeof value === 'string' && /^#[0-9a-f]{6}$/i.test(value) ? value : '#000000';
      control = (
        <span className="studio-prop-color">
          <input
            type="color"
            aria-label={`${humanize(spec.name)} picker`}
            value={hex}
            onChange={(e) => set(e.target.value.toUpperCase())}
          />
          <TextLike id={id} kind="string" value={str ?? ''} onText={(v) => set(v === '' ? undefined : v)} />
        </span>
      );
      break;
    }
    case 'text':
    case 'string':
    case 'statePath':
    case 'image':
    case 'expr':
      if (str !== null && spec.choices) {
        const list = choices(spec.choices);
        control =
          choiceControl(spec.choices, list, str) === 'select' ? (
            <select
              id={id}
              value={str}
              onChange={(e) => set(e.target.value === '' ? undefined : e.target.value)}
            >
              <option value="">(choose)</option>
              {list.map((c) => (
                <option key={c}>{c}</option>
              ))}
            </select>
          ) : (
            <>
              <TextLike
                id={id}
                kind="string"
                list={`${id}-choices`}
                value={str}
                onText={(v) => set(v === '' && !spec.required ? undefined : v)}
              />
              <datalist id={`${id}-choices`}>
                {list.map((c) => (
                  <option key={c} value={c} />
                ))}
              </datalist>
            </>
          );
      } else if (str !== null)
        control = (
          <TextLike
            id={id}
            kind={spec.kind}
            value={str}
            onText={(v) => set(v === '' && !spec.required ? undefined : v)}
          />
        );
      else control = <JsonField id={id} value={value} onValue={set} />;
      break;
    case 'object':
    case 'block':
      if (isObject(value) && depth < 3) {
        control = (
          <Fields
            model={model}
            value={value}
            path={at}
            here={spec.here}
            problems={problems}
            write={write}
            choices={choices}
            paths={paths}
            depth={depth + 1}
          />
        );
        break;
      }
      control = <JsonField id={id} value={value} onValue={set} />;
      break;
    case 'condition':
      control = (
        <ConditionField
          id={id}
          label={humanize(spec.name)}
          value={value}
          paths={paths}
          onValue={set}
          expression={(label, v, onValue) => <JsonField label={label} value={v} onValue={onValue} />}
        />
      );
      break;
    case 'actions':
      control = (
        <ActionsField
          label={humanize(spec.name)}
          value={Array.isArray(value) ? value : []}
          path={at}
          write={write}
          step={(i, item) => (
            <Fields
              model={model}
              value={item}
              path={[...at, i]}
              here={model.itemOf(spec.here, i, item)}
              problems={problems}
              write={write}
              choices={choices}
              paths={paths}
              depth={depth + 1}
            />
          )}
        />
      );
      break;
    case 'list':
      control = Array.isArray(value) ? (
        <ListField
          spec={spec}
          value={value}
          path={at}
          model={model}
          problems={problems}
          write={write}
          choices={choices}
          paths={paths}
          depth={depth}
        />
      ) : (
        <JsonField id={id} value={value} onValue={set} />
      );
      break;
    default:
      control = <JsonField id={id} value={value} onValue={set} />;
  }
  const group = ['object', 'block', 'list', 'actions', 'condition'].includes(spec.kind);
  return (
    <div
      className={`studio-prop studio-prop-${spec.kind}`}
      data-field={spec.name}
      role={group ? 'group' : undefined}
      aria-labelledby={group ? `${id}-label` : undefined}
    >
      <label
        id={`${id}-label`}
        htmlFor={group ? undefined : id}
        className="studio-prop-label"
        title={spec.description}
      >
        {humanize(spec.name)}
        {spec.required && <span aria-hidden="true"> *</span>}
      </label>
      {control}
      {spec.description && (
        <p id={help} className="studio-prop-help">
          {spec.description}
        </p>
      )}
      {mine.map((p, i) => (
        <p key={i} className={`studio-prop-problem studio-prop-${p.severity}`} role="note">
          {p.message}
        </p>
      ))}
    </div>
  );
}

function ListField({
  spec,
  value,
  path,
  model,
  problems,
  write,
  choices,
  paths,
  depth,
}: FieldProps & { value: unknown[]; path: Path }) {
  const move = (from: number, to: number) => {
    const next = [...value];
    const [item] = next.splice(from, 1);
    next.splice(to, 0, item);
    write(path, next);
  };
  const itemHere = (i: number) => model.itemOf(spec.here, i, value[i]);
  return (
    <ol className="studio-prop-list">
      {value.map((item, i) => {
        const here = itemHere(i);
        const label = `${humanize(spec.name)} item ${i + 1}`;
        return (
          <li key={i}>
            <span className="studio-prop-list-tools">
              <button
                type="button"
                aria-label={`Move ${label} up`}
                disabled={i === 0}
                onClick={() => move(i, i - 1)}
              >
                ↑
              </button>
              <button
                type="button"
                aria-label={`Move ${label} down`}
                disabled={i === value.length - 1}
                onClick={() => move(i, i + 1)}
              >
                ↓
              </button>
              <button
                type="button"
                aria-label={`Remove ${label}`}
                onClick={() => write([...path, i], undefined)}
              >
                ✕
              </button>
            </span>
            {isObject(item) && depth < 3 ? (
              <Fields
                model={model}
                value={item}
                path={[...path, i]}
                here={here}
                problems={problems}
                write={write}
                choices={choices}
                paths={paths}
                depth={depth + 1}
              />
            ) : (
              <Field
                spec={{
                  ...spec,
                  name: String(i),
                  kind: model.kindOf(here, item),
                  here,
                  required: true,
                  description: '',
                }}
                value={item}
                index={i}
                path={path}
                model={model}
                problems={problems}
                write={write}
                choices={choices}
                paths={paths}
                depth={depth + 1}
              />
            )}
          </li>
        );
      })}
      <li>
        <button
          type="button"
          onClick={() => {
            const sample = value[value.length - 1];
            write([...path, value.length], sample === undefined ? '' : structuredClone(sample));
          }}
        >
          Add {humanize(spec.name).toLowerCase()} item
        </button>
      </li>
    </ol>
  );
}

export function Fields({
  model,
  value,
  path,
  here,
  problems,
  write,
  choices,
  paths,
  depth = 0,
  skip,
}: PanelProps & { depth?: number; skip?: ReadonlySet<string> }) {
  const specs = model.fieldsOf(here, value).filter((s) => !HIDDEN.has(s.name) && !skip?.has(s.name));
  // What is written first, then what may be added.
  const set = specs.filter((s) => s.name in value);
  const unset = specs.filter((s) => !(s.name in value));
  return (
    <div className="studio-props">
      {[...set, ...unset].map((spec) => (
        <Field
          key={spec.name}
          spec={spec}
          value={value[spec.name]}
          path={path}
          model={model}
          problems={problems}
          write={write}
          choices={choices}
          paths={paths}
          depth={depth}
        />
      ))}
    </div>
  );
}

/** The problems of the document about `pointer` or inside it. */
export const problemsIn = (problems: readonly Problem[], pointer: string) =>
  problems.filter((p) => p.pointer === pointer || p.pointer.startsWith(childPointer(pointer, '')));
