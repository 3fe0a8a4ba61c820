// Whether the studio's server can reach its database (issue 30). Every call of the studio API goes
// through studioFetch: a 503 that says `unavailable: 'database'` turns the notice on, any later
// answer that is not one turns it off. While it is on, the notice asks /status every few seconds.

type Listener = (down: boolean) => void;

let down = false;
const listeners = new Set<Listener>();

function set(next: boolean): void {
  if (next === down) return;
  down = next;
  for (const listener of listeners) listener(down);
}

export const databaseDown = (): boolean => down;

export function onDatabaseChange(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** fetch for the studio API: notes whether the answer says the database is unavailable. */
export async function studioFetch(input: string, init?: RequestInit): Promise<Response> {
  const response = await fetch(input, init);
  if (response.status === 503) {
    const body = (await response
      .clone()
      .json()
      .catch(() => null)) as { unavailable?: unknown } | null;
    if (body?.unavailable === 'database') set(true);
  } else if (response.status < 500) set(false);
  return response;
}

/** Asks the server whether the database answers again (the notice's poll). */
export async function checkDatabase(): Promise<void> {
  await studioFetch('/studio/api/status', { cache: 'no-store', credentials: 'same-origin' }).catch(
    () => undefined,
  );
}
