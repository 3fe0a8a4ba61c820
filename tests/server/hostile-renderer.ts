// The page renderer as the server loads it (src/app/ssr/render.tsx), with the API's replies made
// hostile on their way to it (tests/e2e/hostile-replies.ts): what the server cannot create itself.
// The server under test imports this module by path (ssrModule), the test sets the hostility.
import { renderPage as realRenderPage } from '../../src/app/ssr/render';
import type { PageRenderInput } from '../../src/wire/ssr';
import { familyOf, huge, malformed, retyped, successEnvelope, transportReply } from '../e2e/hostile-replies';

export type ServerHostility = 'malformed' | 'retyped' | 'huge' | '500' | 'invalid-json' | 'html' | 'null';

let hostility: ServerHostility = 'malformed';
export const setHostility = (next: ServerHostility): void => void (hostility = next);

async function poisoned(real: Response, path: string): Promise<Response> {
  if (hostility === '500' || hostility === 'invalid-json' || hostility === 'html' || hostility === 'null') {
    const reply = transportReply(hostility);
    return new Response(reply.body, { status: reply.status, headers: { 'content-type': reply.contentType } });
  }
  const body = (await real.json()) as { data?: unknown };
  const change = { malformed, retyped, huge }[hostility];
  const json = successEnvelope(familyOf(path), body, change(body.data));
  return new Response(JSON.stringify(json), { status: 200, headers: { 'content-type': 'application/json' } });
}

export function renderPage(input: PageRenderInput) {
  return realRenderPage({
    ...input,
    fetch: async (url, init) => poisoned(await input.fetch(url, init), new URL(url, 'http://x').pathname),
  });
}
