// npm run screens:export: the published state written back to screens/, so a team that keeps its
// screens in git can commit what ops published (and screens:check runs on the files as before).
// A file is written only when its text differs, through a temporary file and a rename.
import { readFileSync } from 'node:fs';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { kindOf } from './kinds.js';
import { readLiveSet, type Db } from './store.js';

export async function exportPublished(db: Db, dir: string): Promise<{ written: string[]; same: number }> {
  const set = await readLiveSet(db);
  const written: string[] = [];
  let same = 0;
  for (const doc of set.all()) {
    const spec = kindOf(doc.kind);
    if (!spec) continue;
    const file = join(dir, spec.file(doc.name));
    let before: string | null = null;
    try {
      before = readFileSync(file, 'utf8');
    } catch {
      // A document made in the studio: a new file.
    }
    if (before === doc.text) {
      same++;
      continue;
    }
    await writeAtomic(file, doc.text);
    written.push(spec.file(doc.name));
  }
  return { written: written.sort(), same };
}

/** Through a temporary file and a rename, so a reader never sees half a document. */
async function writeAtomic(file: string, text: string): Promise<void> {
  await mkdir(dirname(file), { recursive: true });
  const temp = `${file}.${process.pid}.${Date.now()}.tmp`;
  await writeFile(temp, text, 'utf8');
  await rename(temp, file);
}
