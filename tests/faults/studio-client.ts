// The studio as a publisher's browser uses it, over HTTP against a server's studio port: sign in,
// save a draft, ask for review, approve. `publish` keeps trying through database faults the way a
// person would (a 503 says "try again in a moment"), reading back what happened before each retry,
// so a step whose commit went through but whose answer was lost is not done twice.

export interface StudioClient {
  call(
    method: string,
    path: string,
    body?: unknown,
  ): Promise<{ status: number; body: Record<string, unknown> }>;
}

export async function signIn(base: string, username: string, password: string): Promise<StudioClient> {
  const res = await fetch(`${base}/studio/api/session`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  const body = (await res.json()) as Record<string, unknown>;
  if (res.status !== 200)
    throw new Error(`sign-in of ${username} failed: ${res.status} ${JSON.stringify(body)}`);
  const cookie = String(res.headers.get('set-cookie')).split(';')[0]!;
  const csrf = String(body.csrfToken);
  return {
    async call(method, path, payload) {
      const response = await fetch(`${base}/studio/api${path}`, {
        method,
        headers: {
          cookie,
          'x-csrf-token': csrf,
          ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(payload === undefined ? {} : { body: JSON.stringify(payload) }),
        signal: AbortSignal.timeout(30_000),
      });
      const text = await response.text();
      let parsed: Record<string, unknown>;
      try {
        parsed = JSON.parse(text) as Record<string, unknown>;
      } catch {
        parsed = { text };
      }
      return { status: response.status, body: parsed };
    },
  };
}

/** A screen document with one button whose label says which publication it is. */
export const screenText = (label: string) =>
  `${JSON.stringify(
    {
      schemaVersion: 1,
      id: 'hello',
      title: 'hello',
      body: [{ type: 'button', label, onTap: [{ do: 'toast', text: 'hi' }] }],
    },
    null,
    2,
  )}\n`;

interface Draft {
  id: number;
  headRevisionId: number;
  status: string;
  text: string;
}

export interface PublishHooks {
  /** Awaited before each approval is sent (the fault test terminates connections there). */
  approving?(): Promise<void> | void;
  /** Every answer the studio gave, for the test's tally. */
  answered?(status: number, body: Record<string, unknown>): void;
}

/**
 * Publishes `label` on screen hello (editor saves and asks for review, publisher approves) and
 * resolves with the time the publication was acknowledged (or found live, when an approval's
 * answer was lost). Gives up after `deadlineMs`.
 */
export async function publish(
  editor: StudioClient,
  publisher: StudioClient,
  label: string,
  hooks: PublishHooks = {},
  deadlineMs = 90_000,
): Promise<number> {
  const text = screenText(label);
  const until = Date.now() + deadlineMs;
  const call = async (who: StudioClient, method: string, path: string, body?: unknown) => {
    const answer = await who
      .call(method, path, body)
      .catch(() => ({ status: 0, body: {} as Record<string, unknown> }));
    hooks.answered?.(answer.status, answer.body);
    return answer;
  };
  for (let first = true; Date.now() < until; first = false) {
    if (!first) await new Promise((resolve) => setTimeout(resolve, 200));
    const doc = await call(editor, 'GET', '/documents/screen/hello');
    if (doc.status === 200) {
      const live = doc.body.live as { id: number; text: string } | null;
      if (live?.text === text) return Date.now();
      let draft = doc.body.draft as Draft | null;
      if (!draft || draft.text !== text) {
        const saved = await call(editor, 'PUT', '/documents/screen/hello/draft', {
          text,
          parentRevisionId: draft?.headRevisionId ?? live?.id ?? null,
          message: label,
        });
        if (saved.status !== 200) continue;
        draft = { ...(saved.body.draft as Draft), text };
      }
      if (draft.status !== 'in_review') {
        const review = await call(editor, 'POST', `/drafts/${draft.id}/review`, {});
        if (review.status !== 200) continue;
      }
      await hooks.approving?.();
      const approved = await call(publisher, 'POST', `/drafts/${draft.id}/approve`, {
        revisionId: draft.headRevisionId,
      });
      if (approved.status === 200) return Date.now();
    }
  }
  throw new Error(`the publication ${label} did not go through within ${deadlineMs} ms`);
}
