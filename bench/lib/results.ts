// bench/results.md is shared: each bench script owns "## <Section>" blocks and replaces only
// those, so the robustness suite's "## Robustness" and the other scripts' sections survive a run.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';

/** BENCH_RESULTS writes elsewhere (re-measuring bench/before.json must not overwrite this run's file). */
export const RESULTS = process.env.BENCH_RESULTS ?? new URL('../results.md', import.meta.url).pathname;

const HEADER = `# Benchmark results

Written by \`npm run bench\` (each script replaces only its own sections). Machine: this project's
machine kind (2 cores, Debian 12, Node 20), loopback only, Debian's Chromium.
`;

interface Section {
  title: string;
  body: string;
}

function parse(text: string): { head: string; sections: Section[] } {
  const parts = text.split(/^(?=## )/m);
  const head = parts[0]!.startsWith('## ') ? '' : parts.shift()!;
  return {
    head,
    sections: parts.map((part) => {
      const newline = part.indexOf('\n');
      const title = (newline === -1 ? part : part.slice(0, newline)).slice(3).trim();
      return { title, body: newline === -1 ? '' : part.slice(newline + 1) };
    }),
  };
}

/** Replaces (or appends) the section titled `title`; `order` lists where new sections belong. */
export function writeSection(title: string, body: string, order: readonly string[] = SECTION_ORDER): void {
  const text = existsSync(RESULTS) ? readFileSync(RESULTS, 'utf8') : HEADER;
  const { head, sections } = parse(text);
  const entry = { title, body: `\n${body.trim()}\n\n` };
  const at = sections.findIndex((s) => s.title === title);
  if (at !== -1) sections[at] = entry;
  else {
    const rank = order.indexOf(title);
    const before = sections.findIndex((s) => {
      const other = order.indexOf(s.title);
      return rank !== -1 && (other === -1 || other > rank);
    });
    if (before === -1) sections.push(entry);
    else sections.splice(before, 0, entry);
  }
  const out = (head || HEADER).trimEnd() + '\n\n' + sections.map((s) => `## ${s.title}\n${s.body}`).join('');
  writeFileSync(RESULTS, out.trimEnd() + '\n');
}

/** Where each section goes in the file (sections not listed go after these). */
export const SECTION_ORDER = [
  'Summary',
  'Peers: same content, same run',
  'Loading on a borrower’s phone',
  'Server',
  'Engine',
  'Before and after',
  'Robustness',
] as const;
