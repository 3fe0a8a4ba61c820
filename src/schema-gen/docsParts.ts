// The "Reusing parts" chapter of docs/screen-language.md (issue 18): parts, their parameters and
// slots, variants and their changes, where they are expanded, and the worked example "a third
// landing template that differs only in its banner and colours", checked by
// tests/unit/docs/languageExamples.test.ts against the real screens/parts/promo-landing.json.
// The limits it states are the checker's own constants (tests/unit/docs/limits.test.ts).
import { MIN_RUN, OVERLAP_LIMIT } from '../checker/overlap';
import { MAX_DEPTH, MAX_USES } from '../parts/limits';
import { objectSection } from './docsSections';
import { LANDING_VARIANT_EXAMPLE, PART_EXAMPLE, PART_USE_EXAMPLE } from './docsExamples';
import { fitJson } from './jsonFit';
import type { SchemaSet } from './schemas';

const json = (value: unknown) => ['```json', fitJson(value), '```', ''];

export function partsChapter(set: SchemaSet): string[] {
  return [
    '## Reusing parts',
    '',
    'What several screens show alike is written once, as a **part**, and a screen that is another',
    'with a few differences is written as a **variant** of it. Both are expanded by the server before',
    'a screen is served: the app only ever gets a plain screen (no extra request, the same caching),',
    'and publishing a part changes what every screen that uses it serves, and its ETag.',
    '',
    '### Parts',
    '',
    'A part lives in `screens/parts/<name>.json` and is reviewed and published like a screen. It is',
    'made of `blocks` (used in a list of blocks), `actions` (used in a list of actions) or a whole',
    '`screen` without its id (the base of variants, below). Its `parameters` are what a screen gives',
    'it; inside the part, `{"$param": "name"}` stands for the value given, or the default.',
    '',
    ...json(PART_EXAMPLE),
    'A screen uses it where a block goes (`{"do": "part", ...}` where an action goes):',
    '',
    ...json(PART_USE_EXAMPLE),
    ...objectSection(set, 'Parameters', 'part.schema.json#/$defs/parameter', 'Each entry of `parameters`.'),
    'A value of a `blocks` parameter put as an item of a list of blocks (a **slot**, `more` above) is',
    'spread into that list; so are `actions`. A default may use other parameters. A part may use',
    'other parts, with its own parameters in their arguments; a part that uses itself, directly or',
    `through others, is refused, and so are parts nested more than ${MAX_DEPTH} deep or used more than ${MAX_USES}`,
    'times in one screen.',
    '',
    '### Variants',
    '',
    'A screen with `variantOf` is its base (another screen, or a screen part `parts/<name>`) with',
    'its parameters set (`with`), its blocks changed (`changes`, each at a block id) and any screen',
    'field it gives in place of the base’s (`modals`, `timers`, `variables` and `computed` are merged',
    'by name; a variant has no `body` of its own). A screen that is a base may declare `parameters`',
    'too, each with a default: it is itself shown with the defaults. **A variant of a variant is not',
    'allowed**: make it a variant of the first base, or move what they share into a screen part.',
    '',
    ...objectSection(set, 'Changes', 'part.schema.json#/$defs/change', 'Each item of `changes`, in order.'),
    '### A third landing template',
    '',
    'The landing templates are variants of `parts/promo-landing`: its banner is a parameter and its',
    'texts are parameters with English defaults. A template that differs only in its banner and',
    'colours is its banner and two changes (`screens/promo-landing-sunny.json`, then map a template',
    'id to it under Routes & templates):',
    '',
    ...json(LANDING_VARIANT_EXAMPLE),
    '### Checks',
    '',
    '`npm run screens:check` and the studio check a screen as it will be served (expanded) and put',
    'each problem where it is written: an argument that is not a parameter, of the wrong type or',
    'missing, an unknown part and a part that uses itself are errors at the use in the screen and at',
    'the declaration in the part (a problem inside a part is also said at the use, with the',
    'part’s file, line and column). Publishing a part, or a screen other screens are variants of, is',
    `refused when it would break a screen drawn from it. Two documents that share more than ${OVERLAP_LIMIT}`,
    `lines (in runs of ${MIN_RUN} or more) are an error on both, in \`screens:check\`, in the studio and on the`,
    'server (a draft that copies a live screen can be saved, but not sent for review or published):',
    'write what they share once, as a part. A screen that no route or promotion template shows and no',
    'variant is drawn from, and a part no screen uses, get a warning (a new screen waits for its route).',
    '',
  ];
}
