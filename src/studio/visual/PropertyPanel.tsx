// The property panel (issue 25 item 2): a form for the selected block (or action, popup, …) made
// from its JSON Schema at run time (model/fields.ts), with no form written per block type. Each
// field shows its schema description as help and the checker's problems about it; a change is
// written into the document's text at once, as one edit of the editor (its undo takes it back).
import { createContext, useContext, useId } from 'react';
import { JsonField, TextLike } from './fieldInputs';
import { humanize } from './model/humanize';
import { isObject } from './model/isObject';
import type { Problem } from '../../../renderer/validate/problem';
import { childPointer } from '../../../renderer/validate/pointer';
import { choiceControl } from './model/choices';
import type { FieldModel, FieldSpec } from './model/fields';
import type { Path } from './model/textEdits';
import type { Resolved } from '../editor/schemaNav';
import { pointerOf } from './model/paths';
import { ActionsField } from './ActionsField';
import { ConditionField } from './ConditionField';
import type { AssetSource } from './assetSource';
import { BindingToggle } from './BindingToggle';
import { ImageField } from './ImageField';
import type { BindingGroup } from './model/bindings';
import { FieldsMapField } from './FieldsMapField';

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
  /** The uploaded pictures, for picture fields (absent: the address is only text). */
  assets?: AssetSource | undefined;
  /** What a bindable field may be bound to (absent: no toggle). */
  bindings?: readonly BindingGroup[] | undefined;
}

const HIDDEN = new Set(['type', 'do']);

/**
 * The fields a newly selected block's panel draws in its first frame (issue 25 speed): the panel
 * shows a few hundred pixels of a form that can be thousands high (a button's actions), so its
 * first frame draws the fields that may stand in its height (`px`, VisualTools.tsx gives it), in
 * the order they stand from the top, and the next frame the rest. Fields render depth first, which
 * is their order on the page; each is placed at a lower bound of its top (the sum of the lower
 * bounds of the distances before it, `minPx`), kept if it renders twice. A field placed below the
 * height draws nothing yet. Only a render of the whole form reads it: a field holds no state of
 * its own, so none re-renders alone.
 */
const FirstFrame = createContext<{ px: number; top: Map<string, number>; next: number } | null>(null);

/**
 * A lower bound of the distance from a field's top to the next field's in render order (each
 * bound below is 5 px or more under what the studio's styles give: a label line is about 17 px,
 * an input 23, a help line 14, the gap between fields 8). An object's fields start below its
 * label line: 16 px; a list's or a chain's below their first item's tools line too: 30 px. A
 * check box is a line and the gap: 20 px. Any other field is a label line, a control and the
 * gap: 40 px; its help line adds 12, a bindable field's "Fixed / Bound" line 15. bench:studio
 * checks on loan details' buttons that the first frame shows what the whole panel shows.
 */
export function minPx(spec: FieldSpec, bindings: boolean): number {
  if (spec.kind === 'object' || spec.kind === 'block') return 16;
  if (spec.kind === 'list' || spec.kind === 'actions') return 30;
  const help = spec.description ? 12 : 0;
  if (spec.kind === 'boolean') return 20 + help;
  return 40 + help + (spec.bindable && bindings ? 15 : 0);
}

/** A field more than the height: should a bound above be wrong, the field it misses is drawn still. */
const MARGIN_PX = 32;

/** What every field of one panel shares: the schemas, the problems, the writer and the lists. */
type FieldEnv = Pick<
  PanelProps,
  'model' | 'problems' | 'write' | 'choices' | 'paths' | 'assets' | 'bindings'
>;

interface FieldProps {
  env: FieldEnv;
  spec: FieldSpec;
  value: unknown;
  path: Path;
  depth: number;
  /** A list item's index (its field name is the index's text). */
  index?: number;
}

function Field({ env, spec, value, path, depth, index }: FieldProps) {
  const id = useId();
  const first = useContext(FirstFrame);
  if (first) {
    let top = first.top.get(id);
    if (top === undefined) {
      top = first.next;
      first.top.set(id, top);
      first.next += minPx(spec, env.bindings !== undefined);
    }
    if (top >= first.px + MARGIN_PX) return null;
  }
  const { model, problems, write, choices, paths } = env;
  const help = `${id}-help`;
  const at = [...path, index ?? spec.name];
  const pointer = pointerOf(at);
  const mine = problemsIn(problems, pointer);
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
        control = <FieldsIn env={env} value={value} path={at} here={spec.here} depth={depth + 1} />;
        break;
      }
      // (a group's label names the group: the box is named for itself)
      control = <JsonField id={id} label={humanize(spec.name)} value={value} onValue={set} />;
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
            <FieldsIn
              env={env}
              value={item}
              path={[...at, i]}
              here={model.itemOf(spec.here, i, item)}
              depth={depth + 1}
            />
          )}
        />
      );
      break;
    case 'fields':
      control = (
        <FieldsMapField
          id={id}
          label={humanize(spec.name)}
          value={isObject(value) ? value : {}}
          written={value !== undefined}
          path={at}
          groups={env.bindings ?? [{ label: 'This screen', paths }]}
          write={write}
        />
      );
      break;
    case 'list':
      control = Array.isArray(value) ? (
        <ListField env={env} spec={spec} value={value} path={at} depth={depth} />
      ) : (
        <JsonField id={id} label={humanize(spec.name)} value={value} onValue={set} />
      );
      break;
    default:
      control = <JsonField id={id} value={value} onValue={set} />;
  }
  if (spec.kind === 'image' && str !== null && env.assets)
    control = (
      <ImageField label={humanize(spec.name)} value={str} assets={env.assets} onValue={set}>
        {control}
      </ImageField>
    );
  if (spec.bindable && env.bindings)
    control = (
      <BindingToggle
        id={id}
        where={pointer}
        label={humanize(spec.name)}
        value={value}
        required={spec.required}
        groups={env.bindings}
        onValue={set}
      >
        {control}
      </BindingToggle>
    );
  const group = ['object', 'block', 'list', 'actions', 'condition', 'fields'].includes(spec.kind);
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

function ListField({ env, spec, value, path, depth }: FieldProps & { value: unknown[] }) {
  const { model, write } = env;
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
              <FieldsIn env={env} value={item} path={[...path, i]} here={here} depth={depth + 1} />
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
                env={env}
                value={item}
                index={i}
                path={path}
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

/**
 * The fields of `value` at `path`, as its schema (`here`) gives them; with `firstFrame` (the
 * panel's height in px), only those that may stand in it (the first frame of a new selection's
 * panel), else all.
 */
export function Fields({
  value,
  path,
  here,
  depth = 0,
  skip,
  firstFrame,
  ...env
}: PanelProps & { depth?: number; skip?: ReadonlySet<string>; firstFrame?: number | undefined }) {
  return (
    <FirstFrame.Provider
      value={firstFrame === undefined ? null : { px: firstFrame, top: new Map(), next: 0 }}
    >
      <FieldsIn env={env} value={value} path={path} here={here} depth={depth} skip={skip} />
    </FirstFrame.Provider>
  );
}

function FieldsIn({
  env,
  value,
  path,
  here,
  depth,
  skip,
}: {
  env: FieldEnv;
  value: Record<string, unknown>;
  path: Path;
  here: Resolved;
  depth: number;
  skip?: ReadonlySet<string> | undefined;
}) {
  const specs = env.model.fieldsOf(here, value).filter((s) => !HIDDEN.has(s.name) && !skip?.has(s.name));
  // What is written first, then what may be added.
  const set = specs.filter((s) => s.name in value);
  const unset = specs.filter((s) => !(s.name in value));
  return (
    <div className="studio-props">
      {[...set, ...unset].map((spec) => (
        <Field key={spec.name} env={env} spec={spec} value={value[spec.name]} path={path} depth={depth} />
      ))}
    </div>
  );
}

/** The problems of the document about `pointer` or inside it. */
export const problemsIn = (problems: readonly Problem[], pointer: string) =>
  problems.filter((p) => p.pointer === pointer || p.pointer.startsWith(childPointer(pointer, '')));
