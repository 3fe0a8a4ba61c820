// npm run screens:check [folder]: checks screens/manifest.json, every screens/*.json document and
// every part (screens/parts/*.json) and the studio's scenarios, with the studio's and the server's
// checks (src/checker/), near-copies and unused documents included.
// Prints one line per problem, `file:line:col  /json/pointer  message`, and exits 1 on any error
// (warnings are printed but do not fail).
import { relative, resolve } from 'node:path';
import { checkScaffolds } from '../src/checker/checkScaffolds';
import { checkScreens } from '../src/checker/checkScreens';
import { loadConfig } from '../src/config/load';
import { urlPolicyOf } from '../src/config/origins';

const dir = resolve(process.argv[2] ?? 'screens');
// The origins documents may address: allowedOrigins of this environment (LENDER_ALLOWED_ORIGINS).
const urls = urlPolicyOf(loadConfig(process.env));
const { problems, documents, parts } = checkScreens(
  dir,
  (path) => relative(process.cwd(), path) || path,
  urls,
);

for (const p of problems) {
  const warning = p.severity === 'warning';
  const line = `${p.file}:${p.line}:${p.column}  ${p.pointer || (p.keyword === 'syntax' ? '-' : '(top)')}  ${warning ? 'warning: ' : ''}${p.message}`;
  if (warning) console.warn(line);
  else console.error(line);
}
// The studio's starting values of the blocks and actions (schemas/*/x-scaffold), when the folder
// checked is the repository's.
const scaffolds = process.argv[2]
  ? []
  : checkScaffolds(resolve('schemas'), (path) => relative(process.cwd(), path) || path);
for (const s of scaffolds) console.error(`${s.file}:${s.line}:${s.column}  /x-scaffold  ${s.message}`);
const errors = [...problems.filter((p) => p.severity === 'error'), ...scaffolds];
const warnings = problems.length - (errors.length - scaffolds.length);
const noted = warnings > 0 ? ` (${warnings} warning${warnings === 1 ? '' : 's'})` : '';
if (errors.length > 0) {
  const files = new Set(errors.map((f) => f.file)).size;
  console.error(
    `screens:check: ${errors.length} error${errors.length === 1 ? '' : 's'} in ${files} file${files === 1 ? '' : 's'}${noted}.`,
  );
  process.exit(1);
}
const partsNoted = parts > 0 ? ` and ${parts} part${parts === 1 ? '' : 's'}` : '';
console.log(
  `screens:check: the manifest${partsNoted ? ',' : ' and'} ${documents} screen document${documents === 1 ? '' : 's'}${partsNoted} are valid${noted}.`,
);
