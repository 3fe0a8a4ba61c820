// The outline of a document (issue 25 item 1): its blocks as a tree, with the popups, data
// sources, actions run on load and on native events, variables, timers and the slots of the
// parts it uses as branches of their own. Each node is keyed by the JSON pointer where it is
// written in this text. A variant has no body of its own: its blocks are its base's, drawn from
// the expanded screen; those written here (a slot's blocks, a change's) keep their own pointer,
// the others are keyed "base:<pointer in the expanded screen>" and change through `changes`.
// Blocks are found with the schemas (fields.ts), so a new container block needs no change here.
import { childPointer } from '../../../../renderer/validate/pointer';
import type { Library } from '../../../parts/library';
import type { Origin } from '../../../parts/origins';
import type { Resolved } from '../../editor/schemaNav';
import type { FieldModel } from './fields';
import { isObject } from './isObject';

export type NodeKind =
  'screen' | 'group' | 'block' | 'slot' | 'use' | 'modal' | 'action' | 'variable' | 'timer' | 'parameter';

export interface OutlineNode {
  /** The selection key: the pointer where it is written, or "base:<expanded pointer>". */
  key: string;
  /** Where it is written in this text; null for a block of a variant's base. */
  pointer: string | null;
  kind: NodeKind;
  /** A block's type, an action's `do`. */
  type?: string;
  label: string;
  children: OutlineNode[];
  /** The lists of blocks this node holds (a container's children, a popup's body, a group). */
  lists: { name: string; pointer: string }[];
  /** Pointer of the same block in the expanded screen (what the phone draws), when drawn. */
  expanded?: string;
  /** A base block: its id, for `changes` (none: it can only be changed in the base). */
  baseId?: string;
  /** Why it cannot be changed here (a base block without an id, a part's inside). */
  readOnly?: string;
}

export interface Outline {
  root: OutlineNode;
  byKey: ReadonlyMap<string, OutlineNode>;
  parentOf: ReadonlyMap<string, string>;
  /** The node a place of the expanded screen (a phone's block) belongs to. */
  keyOfExpanded(pointer: string): string | null;
  /** The places of the expanded screen that draw a node (for the phone's highlight). */
  expandedOf(key: string): string[];
}

export interface OutlineInput {
  value: unknown;
  kind: 'screen' | 'part';
  model: FieldModel;
  library: Library;
  /** The expanded screen (what the phone draws) and its source map, when it could be made. */
  expanded?: { doc: unknown; origin(pointer: string): Origin } | null;
  /** The document's own reference, to tell its origins from its base's. */
  self: { kind: 'screen' | 'part'; name: string };
}

const LABEL_FIELDS = [
  'text',
  'title',
  'label',
  'heading',
  'alt',
  'placeholder',
  'name',
  'event',
  'path',
  'to',
  'id',
];

/** A short readable name of a value: its text, title or label, a binding as {path}. */
export function labelOf(value: unknown, fields: readonly string[] = LABEL_FIELDS): string {
  if (!isObject(value)) return '';
  for (const f of fields) {
    const v = value[f];
    if (typeof v === 'string' && v.trim()) return v.length > 48 ? `${v.slice(0, 47)}…` : v;
    if (isObject(v) && typeof v.t === 'string') return v.t.length > 48 ? `${v.t.slice(0, 47)}…` : v.t;
    if (isObject(v) && typeof v.$ === 'string') return `{${v.$}}`;
    if (isObject(v) && typeof v.$param === 'string') return `(${v.$param})`;
  }
  return '';
}

const GROUPS: { field: string; label: string; kind: 'blocks' | 'modals' | 'actions' | 'map' }[] = [
  { field: 'body', label: 'Page', kind: 'blocks' },
  { field: 'modals', label: 'Popups', kind: 'modals' },
  { field: 'sources', label: 'Data sources', kind: 'actions' },
  { field: 'onLoad', label: 'On load', kind: 'actions' },
  { field: 'on', label: 'Native events', kind: 'map' },
  { field: 'variables', label: 'Variables', kind: 'map' },
  { field: 'computed', label: 'Computed values', kind: 'map' },
  { field: 'timers', label: 'Timers', kind: 'map' },
  { field: 'triggers', label: 'Triggers', kind: 'actions' },
];

/** A block found in a value, with the blocks inside it. */
export interface FoundBlock {
  pointer: string;
  value: Record<string, unknown>;
  here: Resolved;
  children: FoundBlock[];
}

/** The blocks in `value` (at `here`), each with the blocks it holds (in its fields, at any depth). */
export function findBlocks(model: FieldModel, here: Resolved, value: unknown, pointer: string): FoundBlock[] {
  const out: FoundBlock[] = [];
  const visit = (res: Resolved, v: unknown, p: string) => {
    if (Array.isArray(v)) {
      v.forEach((item, i) => visit(model.itemOf(res, i, item), item, childPointer(p, i)));
      return;
    }
    if (!isObject(v)) return;
    if (model.isBlock(res)) {
      out.push({
        pointer: p,
        value: v,
        here: res,
        children: isObject(v) && v.type !== 'part' ? inside(res, v, p) : [],
      });
      return;
    }
    for (const [k, c] of Object.entries(v)) if (typeof c === 'object' && c !== null) step(res, k, c, p);
  };
  const step = (res: Resolved, k: string, c: unknown, p: string) => {
    const child = model.nav.step(res, k, c);
    const kind = model.kindOf(child, c);
    if (kind === 'blocks' || kind === 'block' || kind === 'list' || kind === 'object' || kind === 'json')
      visit(child, c, childPointer(p, k));
  };
  const inside = (res: Resolved, v: Record<string, unknown>, p: string) => {
    const found: FoundBlock[] = [];
    for (const [k, c] of Object.entries(v))
      if (typeof c === 'object' && c !== null)
        found.push(...findBlocks(model, model.nav.step(res, k, c), c, childPointer(p, k)));
    return found;
  };
  visit(here, value, pointer);
  return out;
}

/** Every block an expanded screen draws (its page and popups), flat. */
export function drawnBlocks(model: FieldModel, doc: unknown): FoundBlock[] {
  if (!isObject(doc)) return [];
  const nav = model.nav;
  const here = nav.start(doc);
  const roots = findBlocks(model, nav.step(here, 'body', doc.body), doc.body, '/body');
  if (isObject(doc.modals)) {
    const modals = nav.step(here, 'modals', doc.modals);
    for (const [id, m] of Object.entries(doc.modals))
      if (isObject(m))
        roots.push(
          ...findBlocks(
            model,
            nav.step(nav.step(modals, id, m), 'body', m.body),
            m.body,
            `/modals/${id}/body`,
          ),
        );
  }
  const flat: FoundBlock[] = [];
  const add = (b: FoundBlock) => {
    flat.push(b);
    b.children.forEach(add);
  };
  roots.forEach(add);
  return flat;
}

export function buildOutline(input: OutlineInput): Outline {
  const { model, library } = input;
  const nav = model.nav;
  const byKey = new Map<string, OutlineNode>();
  const parentOf = new Map<string, string>();

  const node = (n: Omit<OutlineNode, 'children' | 'lists'> & Partial<OutlineNode>): OutlineNode => {
    const full: OutlineNode = { children: [], lists: [], ...n };
    byKey.set(full.key, full);
    return full;
  };
  const adopt = (parent: OutlineNode, child: OutlineNode) => {
    parent.children.push(child);
    parentOf.set(child.key, parent.key);
  };
  const blockLists = (b: FoundBlock, at: string) =>
    model
      .fieldsOf(b.here, b.value)
      .filter((f) => f.kind === 'blocks')
      .map((f) => ({ name: f.name, pointer: childPointer(at, f.name) }));

  /** Outline nodes of blocks written in this text. */
  function sourceNode(b: FoundBlock): OutlineNode {
    const v = b.value;
    if (typeof v.$param === 'string')
      return node({ key: b.pointer, pointer: b.pointer, kind: 'slot', label: `Slot: ${v.$param}` });
    if (v.type === 'part') {
      const name = typeof v.part === 'string' ? v.part : '';
      const use = node({
        key: b.pointer,
        pointer: b.pointer,
        kind: 'use',
        type: 'part',
        label: `Part: ${name}`,
      });
      slotsOf(name, v.with, childPointer(b.pointer, 'with'), use);
      return use;
    }
    const type = typeof v.type === 'string' ? v.type : '';
    const n = node({
      key: b.pointer,
      pointer: b.pointer,
      kind: 'block',
      type,
      label: labelOf(v),
      lists: blockLists(b, b.pointer),
    });
    for (const c of b.children) adopt(n, sourceNode(c));
    return n;
  }

  function blocksInto(parent: OutlineNode, here: Resolved, value: unknown, pointer: string) {
    for (const b of findBlocks(model, here, value, pointer)) adopt(parent, sourceNode(b));
  }

  /** A part's slot arguments (its parameters of type blocks) as branches of `parent`. */
  function slotsOf(
    part: string,
    args: unknown,
    withPointer: string,
    parent: OutlineNode,
    withBlocks = true,
  ): void {
    const declared = library.get('part', part)?.value;
    const parameters = isObject(declared) && isObject(declared.parameters) ? declared.parameters : {};
    const blocksHere = nav.resolve(['body'], { body: [] });
    for (const [name, p] of Object.entries(parameters)) {
      if (!isObject(p) || p.type !== 'blocks') continue;
      const listPointer = childPointer(withPointer, name);
      const slot = node({
        key: `${listPointer}#slot`,
        pointer: null,
        kind: 'slot',
        label: `Slot: ${name}`,
        lists: [{ name, pointer: listPointer }],
      });
      adopt(parent, slot);
      if (withBlocks) blocksInto(slot, blocksHere, isObject(args) ? args[name] : undefined, listPointer);
    }
  }

  function actionsIn(list: unknown, pointer: string, parent: OutlineNode) {
    if (!Array.isArray(list)) return;
    list.forEach((a, i) => {
      const p = childPointer(pointer, i);
      const type = isObject(a) && typeof a.do === 'string' ? a.do : '';
      adopt(parent, node({ key: p, pointer: p, kind: 'action', type, label: labelOf(a, ACTION_LABEL) }));
    });
  }

  /** The branches of a screen's fields (at `base` in the text: '' or a part's '/screen'). */
  function screenGroups(
    screen: Record<string, unknown>,
    base: string,
    here: Resolved,
    root: OutlineNode,
    variant: boolean,
  ) {
    for (const g of GROUPS) {
      const value = screen[g.field];
      const pointer = `${base}/${g.field}`;
      if (variant && (g.field === 'body' || g.field === 'modals')) continue;
      if (value === undefined && g.field !== 'body') continue;
      const group = node({ key: pointer, pointer, kind: 'group', label: g.label });
      adopt(root, group);
      const child = nav.step(here, g.field, value);
      if (g.kind === 'blocks') {
        group.lists.push({ name: g.field, pointer });
        blocksInto(group, child, value, pointer);
      } else if (g.kind === 'actions') actionsIn(value, pointer, group);
      else if (g.kind === 'modals' && isObject(value))
        for (const [id, m] of Object.entries(value)) {
          const p = childPointer(pointer, id);
          const title = labelOf(m, ['title']);
          const modal = node({
            key: p,
            pointer: p,
            kind: 'modal',
            label: title ? `${id}: ${title}` : id,
            lists: [{ name: 'body', pointer: childPointer(p, 'body') }],
          });
          adopt(group, modal);
          if (isObject(m))
            blocksInto(
              modal,
              nav.step(nav.step(child, id, m), 'body', m.body),
              m.body,
              childPointer(p, 'body'),
            );
        }
      else if (g.kind === 'map' && isObject(value))
        for (const [name, entry] of Object.entries(value)) {
          const p = childPointer(pointer, name);
          const kind: NodeKind = g.field === 'timers' ? 'timer' : g.field === 'on' ? 'group' : 'variable';
          const n = node({ key: p, pointer: p, kind, label: name });
          adopt(group, n);
          if (g.field === 'on') actionsIn(entry, p, n);
        }
    }
  }

  const drawn = input.expanded?.doc;
  const mine = (o: Origin) => o.doc.kind === input.self.kind && o.doc.name === input.self.name;

  /** A variant's page and popups: the expanded screen's blocks, each keyed where it is written. */
  function variantBody(root: OutlineNode, variantModals: boolean) {
    const page = node({ key: '/body', pointer: null, kind: 'group', label: 'Page' });
    adopt(root, page);
    if (!isObject(drawn) || !input.expanded) return;
    const here = nav.start(drawn);
    const place = (b: FoundBlock): OutlineNode => {
      const origin = input.expanded!.origin(b.pointer);
      const own = mine(origin);
      const id = typeof b.value.id === 'string' ? b.value.id : undefined;
      const key = own ? origin.pointer : `base:${b.pointer}`;
      const n = node({
        key,
        pointer: own ? origin.pointer : null,
        kind: 'block',
        type: typeof b.value.type === 'string' ? b.value.type : '',
        label: labelOf(b.value),
        expanded: b.pointer,
        lists: own ? blockLists(b, origin.pointer) : [],
        ...(own
          ? {}
          : id
            ? { baseId: id }
            : { readOnly: 'This block is written in the base and has no id: change it there' }),
      });
      for (const c of b.children) adopt(n, place(c));
      return n;
    };
    for (const b of findBlocks(model, nav.step(here, 'body', drawn.body), drawn.body, '/body'))
      adopt(page, place(b));
    if (isObject(drawn.modals)) {
      const group = node({
        key: '/modals',
        pointer: variantModals ? '/modals' : null,
        kind: 'group',
        label: 'Popups',
      });
      adopt(root, group);
      const modals = nav.step(here, 'modals', drawn.modals);
      for (const [id, m] of Object.entries(drawn.modals)) {
        if (!isObject(m)) continue;
        const p = `/modals/${id}`;
        const own = mine(input.expanded.origin(p));
        const modal = node({
          key: own ? p : `base:${p}`,
          pointer: own ? p : null,
          kind: 'modal',
          label: id,
          expanded: p,
          lists: own ? [{ name: 'body', pointer: `${p}/body` }] : [],
        });
        adopt(group, modal);
        for (const b of findBlocks(
          model,
          nav.step(nav.step(modals, id, m), 'body', m.body),
          m.body,
          `${p}/body`,
        ))
          adopt(modal, place(b));
      }
    }
  }

  const value = isObject(input.value) ? input.value : {};
  let root: OutlineNode;
  if (input.kind === 'part') {
    root = node({ key: '', pointer: '', kind: 'screen', label: `Part: ${String(value.part ?? '')}` });
    const here = nav.start(value);
    if (isObject(value.parameters)) {
      const group = node({ key: '/parameters', pointer: '/parameters', kind: 'group', label: 'Parameters' });
      adopt(root, group);
      for (const name of Object.keys(value.parameters)) {
        const p = childPointer('/parameters', name);
        adopt(group, node({ key: p, pointer: p, kind: 'parameter', label: name }));
      }
    }
    if (Array.isArray(value.blocks)) {
      const group = node({
        key: '/blocks',
        pointer: '/blocks',
        kind: 'group',
        label: 'Blocks',
        lists: [{ name: 'blocks', pointer: '/blocks' }],
      });
      adopt(root, group);
      blocksInto(group, nav.step(here, 'blocks', value.blocks), value.blocks, '/blocks');
    }
    if (Array.isArray(value.actions)) {
      const group = node({ key: '/actions', pointer: '/actions', kind: 'group', label: 'Actions' });
      adopt(root, group);
      actionsIn(value.actions, '/actions', group);
    }
    if (isObject(value.screen))
      screenGroups(value.screen, '/screen', nav.step(here, 'screen', value.screen), root, false);
  } else {
    root = node({
      key: '',
      pointer: '',
      kind: 'screen',
      label: labelOf(value, ['title']) || String(value.id ?? 'Screen'),
    });
    const here = nav.start(value);
    const variant = typeof value.variantOf === 'string';
    if (variant) {
      const base = node({
        key: '/variantOf',
        pointer: '/variantOf',
        kind: 'group',
        label: `Based on ${String(value.variantOf)}`,
      });
      adopt(root, base);
      if (String(value.variantOf).startsWith('parts/'))
        slotsOf(String(value.variantOf).slice(6), value.with, '/with', base, false);
      variantBody(root, isObject(value.modals));
    }
    screenGroups(value, '', here, root, variant);
  }

  // The phone's blocks: each place of the expanded screen and the node it belongs to.
  const expandedToKey = new Map<string, string>();
  const keyToExpanded = new Map<string, string[]>();
  const link = (e: string, k: string) => {
    expandedToKey.set(e, k);
    keyToExpanded.set(k, [...(keyToExpanded.get(k) ?? []), e]);
  };
  if (isObject(drawn) && input.expanded) {
    for (const b of drawnBlocks(model, drawn)) {
      const k = ownerKey(b.pointer);
      if (k !== null) link(b.pointer, k);
    }
  }

  /** The outline node of an expanded place: the first place of its origin chain written here. */
  function ownerKey(expanded: string): string | null {
    const direct = byKey.get(`base:${expanded}`);
    if (direct) return direct.key;
    for (let at: Origin | null = input.expanded!.origin(expanded); at; at = at.via) {
      if (!mine(at)) continue;
      for (let p = at.pointer; ; p = p.slice(0, p.lastIndexOf('/'))) {
        const n = byKey.get(p);
        if (n && n.kind !== 'group') return p;
        if (p === '') return null;
      }
    }
    return null;
  }

  return {
    root,
    byKey,
    parentOf,
    keyOfExpanded: (pointer) => {
      for (let p = pointer; p; p = p.slice(0, p.lastIndexOf('/'))) {
        const k = expandedToKey.get(p);
        if (k !== undefined) return k;
      }
      return null;
    },
    expandedOf: (key) => keyToExpanded.get(key) ?? [],
  };
}

const ACTION_LABEL = ['text', 'path', 'to', 'id', 'event', 'name', 'key', 'ms'];
