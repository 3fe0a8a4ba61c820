// The studio's calls to the reference server's studio API (/studio/api, docs/api.md "Studio
// API"): sign-in, documents and their drafts, revisions, review requests and scenarios. The
// session lives in an HttpOnly cookie; writes carry the session's CSRF token, which the page gets
// from the API after sign-in (never from the page's HTML).
import type { ScreensManifest } from '../../renderer/types.gen';
import type { Problem } from '../../renderer/validate/problem';
import { databaseDown, studioFetch } from './availability';
import type { Scenario } from './shared/protocol';
import type { DraftInfo, HistoryEntry } from '../wire/studio';

export type { DraftInfo, HistoryEntry } from '../wire/studio';

const API = '/studio/api';

export interface Account {
  id: number;
  username: string;
  displayName: string;
  roles: string[];
}

export interface Session {
  account: Account;
  csrfToken: string;
  expiresAt: string;
  fourEyes: boolean;
  timeZone: string;
}

export interface Loaded {
  /** The draft's latest text when there is an open draft, else the live text. */
  text: string;
  /** What a save must name as its parent (the draft's head, else the live revision). */
  parentRevisionId: number | null;
  draft: DraftInfo | null;
  liveRevisionId: number | null;
}

export type SaveResult =
  | { ok: true; revisionId: number | null; draft: DraftInfo | null }
  | { ok: false; status: number; message: string; problems: Problem[] };

export interface Reply<T> {
  ok: boolean;
  status: number;
  /** The server's one sentence when it refused. */
  message: string;
  body: T;
}

async function json(response: Response): Promise<Record<string, unknown>> {
  return (await response.json().catch(() => ({}))) as Record<string, unknown>;
}

/** The signed-in session, null (the sign-in form is shown), or 'unavailable' (the database is down). */
export async function currentSession(): Promise<Session | null | 'unavailable'> {
  const response = await studioFetch(`${API}/session`, { cache: 'no-store', credentials: 'same-origin' });
  if (databaseDown()) return 'unavailable';
  return response.ok ? ((await json(response)) as unknown as Session) : null;
}

export async function signIn(
  username: string,
  password: string,
): Promise<{ ok: true; session: Session } | { ok: false; message: string }> {
  const response = await studioFetch(`${API}/session`, {
    method: 'POST',
    credentials: 'same-origin',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  const body = await json(response);
  if (response.ok) return { ok: true, session: body as unknown as Session };
  return { ok: false, message: String(body.message ?? `The server answered ${response.status}`) };
}

export function studioApi(session: Session) {
  const write = (method: string, path: string, payload?: unknown) =>
    studioFetch(`${API}${path}`, {
      method,
      credentials: 'same-origin',
      headers: {
        'X-CSRF-Token': session.csrfToken,
        ...(payload === undefined ? {} : { 'Content-Type': 'application/json' }),
      },
      ...(payload === undefined ? {} : { body: JSON.stringify(payload) }),
    });
  const read = async (path: string): Promise<Record<string, unknown> | null> => {
    const response = await studioFetch(`${API}${path}`, { cache: 'no-store', credentials: 'same-origin' });
    return response.ok ? json(response) : null;
  };
  // A part opens as "parts/<name>" (its file under screens/); anything else is a screen's id.
  const screen = (id: string) => {
    const { kind, name } = documentOf(id);
    return `/documents/${kind}/${encodeURIComponent(name)}`;
  };
  const roles = session.account.roles;

  return {
    session,
    canEdit: roles.some((r) => r === 'editor' || r === 'publisher'),
    canPublish: roles.includes('publisher'),
    canAudit: roles.some((r) => r === 'publisher' || r === 'admin'),
    isAdmin: roles.includes('admin'),

    /** Any call of the studio API: the reply's body, its status and its one-sentence refusal. */
    async call<T = Record<string, unknown>>(
      method: string,
      path: string,
      payload?: unknown,
    ): Promise<Reply<T>> {
      const response = await (
        method === 'GET'
          ? studioFetch(`${API}${path}`, { cache: 'no-store', credentials: 'same-origin' })
          : write(method, path, payload ?? {})
      ).catch(() => null);
      if (!response) return { ok: false, status: 0, message: 'Could not reach the server', body: {} as T };
      const body = await json(response);
      return {
        ok: response.ok,
        status: response.status,
        message: response.ok ? '' : String(body.message ?? `The server answered ${response.status}`),
        body: body as T,
      };
    },

    async signOut(): Promise<void> {
      await write('DELETE', '/session');
    },

    /** The live manifest (what routes and templates borrowers get). */
    async loadManifest(): Promise<ScreensManifest | null> {
      const body = await read('/documents/manifest/manifest');
      const text = (body?.live as { text?: string } | null)?.text;
      return text ? (JSON.parse(text) as ScreensManifest) : null;
    },

    /** The names of the screens with a live revision, in the server's order (none when it fails). */
    async liveScreens(): Promise<string[]> {
      const body = await read('/documents').catch(() => null);
      const documents =
        (body?.documents as { kind: string; name: string; live: unknown }[] | undefined) ?? [];
      return documents.filter((d) => d.kind === 'screen' && d.live).map((d) => d.name);
    },

    /** The published parts and screens as written: what a screen is expanded against. */
    async loadLibrary(): Promise<LibraryTexts> {
      const body = await read('/library');
      return {
        parts: (body?.parts as Record<string, string> | undefined) ?? {},
        screens: (body?.screens as Record<string, string> | undefined) ?? {},
      };
    },

    /** A screen (`loan-details`) or a part (`parts/product-card`): its draft, else its live text. */
    async loadScreen(id: string): Promise<Loaded | null> {
      const body = await read(screen(id));
      if (!body) return null;
      const live = body.live as { id: number; text: string } | null;
      const draft = body.draft as (DraftInfo & { text: string }) | null;
      if (!draft && !live) return null;
      return {
        text: draft?.text ?? live!.text,
        parentRevisionId: draft?.headRevisionId ?? live?.id ?? null,
        draft: draft ? draftInfo(draft) : null,
        liveRevisionId: live?.id ?? null,
      };
    },

    /** The screen's scenarios; none when it has no file, or a broken one (said in `problem`). */
    async loadScenarios(id: string): Promise<{ scenarios: Scenario[]; problem?: string }> {
      const body = await read(`/scenarios/${encodeURIComponent(id)}`);
      return {
        scenarios: Array.isArray(body?.scenarios) ? (body.scenarios as Scenario[]) : [],
        ...(typeof body?.problem === 'string' ? { problem: body.problem } : {}),
      };
    },

    /** Save = a new revision of the screen's draft; borrowers keep the published version. */
    async save(
      id: string,
      text: string,
      parentRevisionId: number | null,
      message: string,
    ): Promise<SaveResult> {
      const response = await write('PUT', `${screen(id)}/draft`, { text, parentRevisionId, message });
      const body = await json(response);
      if (response.ok)
        return {
          ok: true,
          revisionId: (body.revision as { id: number } | null)?.id ?? null,
          draft: body.draft ? draftInfo(body.draft as DraftInfo) : null,
        };
      return {
        ok: false,
        status: response.status,
        message: String(body.message ?? `The server answered ${response.status}`),
        problems: (body.problems as Problem[] | undefined) ?? [],
      };
    },

    async requestReview(
      draftId: number,
      message?: string,
    ): Promise<{ ok: boolean; message: string; draft?: DraftInfo }> {
      const response = await write('POST', `/drafts/${draftId}/review`, message ? { message } : {});
      const body = await json(response);
      return response.ok
        ? { ok: true, message: '', draft: draftInfo(body.draft as DraftInfo) }
        : { ok: false, message: String(body.message ?? response.status) };
    },

    async history(id: string): Promise<HistoryEntry[]> {
      const body = await read(`${screen(id)}/revisions`);
      return (body?.revisions as HistoryEntry[] | undefined) ?? [];
    },

    async revisionText(revisionId: number): Promise<string | null> {
      const body = await read(`/revisions/${revisionId}`);
      return (body?.revision as { text?: string } | undefined)?.text ?? null;
    },
  };
}

function draftInfo(d: DraftInfo): DraftInfo {
  return {
    id: d.id,
    status: d.status,
    headRevisionId: d.headRevisionId,
    updatedBy: d.updatedBy,
    updatedAt: d.updatedAt,
    reviewComment: d.reviewComment,
  };
}

export type StudioApi = ReturnType<typeof studioApi>;

export interface LibraryTexts {
  parts: Record<string, string>;
  screens: Record<string, string>;
}

/** What an editor address names: a part ("parts/<name>") or a screen. */
export function documentOf(id: string): { kind: 'screen' | 'part'; name: string } {
  return id.startsWith('parts/')
    ? { kind: 'part', name: id.slice('parts/'.length) }
    : { kind: 'screen', name: id };
}
