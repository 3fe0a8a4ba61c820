// The studio's calls to the reference server: documents and scenarios as served to the app, and
// the token-protected save and history endpoints (src/server/plugins/studio.ts).
import type { ScreensManifest } from '../../renderer/types.gen';
import {
  STUDIO_TOKEN_ELEMENT_ID,
  STUDIO_TOKEN_HEADER,
  type Scenario,
  type ScenarioFile,
} from './shared/protocol';

export interface Loaded {
  text: string;
  etag: string | null;
}

export interface HistoryEntry {
  version: string;
  savedAt: string;
  size: number;
}

export interface SaveProblem {
  line: number;
  column: number;
  pointer: string;
  message: string;
}

export type SaveResult =
  | { ok: true; etag: string; kept: string | null }
  | { ok: false; status: number; message: string; problems: SaveProblem[] };

/** The token the server put in the page; absent when the page did not come from the reference server. */
export function pageToken(doc: Document = document): string | null {
  const text = doc.getElementById(STUDIO_TOKEN_ELEMENT_ID)?.textContent;
  if (!text) return null;
  try {
    const token: unknown = JSON.parse(text);
    return typeof token === 'string' && token ? token : null;
  } catch {
    return null;
  }
}

async function getText(url: string): Promise<Loaded | null> {
  const response = await fetch(url, { cache: 'no-store', headers: { Accept: 'application/json' } });
  if (!response.ok) return null;
  return { text: await response.text(), etag: response.headers.get('ETag') };
}

export async function loadManifest(): Promise<ScreensManifest | null> {
  const loaded = await getText('/screens/manifest.json');
  return loaded ? (JSON.parse(loaded.text) as ScreensManifest) : null;
}

export const loadScreen = (id: string) => getText(`/screens/${encodeURIComponent(id)}.json`);

/** The screen's scenarios; none when it has no file or the file is broken (said in `problem`). */
export async function loadScenarios(id: string): Promise<{ scenarios: Scenario[]; problem?: string }> {
  const loaded = await getText(`/screens/scenarios/${encodeURIComponent(id)}.json`);
  if (!loaded) return { scenarios: [] };
  try {
    const file = JSON.parse(loaded.text) as ScenarioFile;
    return { scenarios: Array.isArray(file.scenarios) ? file.scenarios : [] };
  } catch (error) {
    return { scenarios: [], problem: `screens/scenarios/${id}.json is not valid JSON: ${String(error)}` };
  }
}

export function studioApi(token: string | null) {
  const headers = (extra: Record<string, string> = {}) => ({ ...extra, [STUDIO_TOKEN_HEADER]: token ?? '' });

  async function result(response: Response): Promise<SaveResult> {
    const body = (await response.json().catch(() => ({}))) as {
      etag?: string;
      kept?: string | null;
      message?: string;
      problems?: SaveProblem[];
    };
    if (response.ok) return { ok: true, etag: body.etag ?? '', kept: body.kept ?? null };
    return {
      ok: false,
      status: response.status,
      message: body.message ?? `The server answered ${response.status}`,
      problems: body.problems ?? [],
    };
  }

  return {
    hasToken: token !== null,

    async save(id: string, text: string, etag: string | null): Promise<SaveResult> {
      const response = await fetch(`/dev/studio/screens/${encodeURIComponent(id)}`, {
        method: 'PUT',
        headers: headers({ 'Content-Type': 'application/json', ...(etag ? { 'If-Match': etag } : {}) }),
        body: JSON.stringify({ text }),
      });
      return result(response);
    },

    async history(id: string): Promise<HistoryEntry[]> {
      const response = await fetch(`/dev/studio/history/${encodeURIComponent(id)}`, { headers: headers() });
      if (!response.ok) return [];
      return ((await response.json()) as { versions: HistoryEntry[] }).versions;
    },

    async version(id: string, version: string): Promise<string | null> {
      const response = await fetch(
        `/dev/studio/history/${encodeURIComponent(id)}/${encodeURIComponent(version)}`,
        {
          headers: headers(),
        },
      );
      if (!response.ok) return null;
      return ((await response.json()) as { text: string }).text;
    },

    async restore(id: string, version: string, etag: string | null): Promise<SaveResult> {
      const response = await fetch(
        `/dev/studio/history/${encodeURIComponent(id)}/${encodeURIComponent(version)}/restore`,
        { method: 'POST', headers: headers(etag ? { 'If-Match': etag } : {}) },
      );
      return result(response);
    },
  };
}

export type StudioApi = ReturnType<typeof studioApi>;
