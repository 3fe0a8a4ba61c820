// Earlier versions of screen documents saved from the studio: <root>/<id>/<version>.json, where a
// version is the save time (ISO, ':' and '.' made file-safe), so names sort by time.
import { mkdir, readFile, readdir, rename, stat, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';

export interface HistoryEntry {
  version: string;
  /** ISO time the version was replaced. */
  savedAt: string;
  size: number;
}

export const VERSION = /^\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}-\d{3}Z(-\d+)?$/;

const toVersion = (date: Date) => date.toISOString().replace(/[:.]/g, '-');
const toIso = (version: string) =>
  version.replace(/^(\d{4}-\d{2}-\d{2}T\d{2})-(\d{2})-(\d{2})-(\d{3}Z).*$/, '$1:$2:$3.$4');

/** Writes through a temporary file and a rename, so a reader never sees half a document. */
export async function writeAtomic(file: string, text: string): Promise<void> {
  await mkdir(dirname(file), { recursive: true });
  const temp = `${file}.${process.pid}.${Date.now()}.tmp`;
  await writeFile(temp, text, 'utf8');
  await rename(temp, file);
}

export function screenHistory(root: string, now: () => Date = () => new Date()) {
  const folder = (id: string) => join(root, id);

  return {
    /** Keeps `text` as a new version of `id`; returns its name. */
    async keep(id: string, text: string): Promise<string> {
      await mkdir(folder(id), { recursive: true });
      const base = toVersion(now());
      const taken = new Set(await readdir(folder(id)));
      let version = base;
      for (let n = 1; taken.has(`${version}.json`); n++) version = `${base}-${n}`;
      await writeAtomic(join(folder(id), `${version}.json`), text);
      return version;
    },

    /** Newest first. */
    async list(id: string): Promise<HistoryEntry[]> {
      let names: string[];
      try {
        names = await readdir(folder(id));
      } catch {
        return [];
      }
      const versions = names
        .filter((n) => n.endsWith('.json') && VERSION.test(n.slice(0, -5)))
        .map((n) => n.slice(0, -5))
        .sort()
        .reverse();
      return Promise.all(
        versions.map(async (version) => ({
          version,
          savedAt: toIso(version),
          size: (await stat(join(folder(id), `${version}.json`))).size,
        })),
      );
    },

    async read(id: string, version: string): Promise<string | null> {
      if (!VERSION.test(version)) return null;
      try {
        return await readFile(join(folder(id), `${version}.json`), 'utf8');
      } catch {
        return null;
      }
    },
  };
}

export type ScreenHistory = ReturnType<typeof screenHistory>;
