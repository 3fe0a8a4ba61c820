// Iframe blocks draw the app's own screens in place (issue 16 item 16): which addresses are the
// app's screens comes from the page's (published) manifest, not from the one the app was built with.
import { describe, expect, it } from 'vitest';
import { embedScreens } from '../../../src/app/embed';
import { createScreenLoader } from '../../../src/app/loadScreen';
import { validateScreenDoc } from '../../../src/app/validateDoc';
import { DEFAULT_CONFIG } from '../../../src/config/load';
import { createHost } from '../../../src/host/createHost';
import { memoryStorage } from '../../../src/host/storage';
import type { Manifest } from '../../../src/manifest/routes';

const doc = (id: string) => ({ schemaVersion: 1, id, title: id, body: [{ type: 'text', text: id }] });

function setup(manifest: Manifest) {
  const fetched: string[] = [];
  const host = createHost({ config: { ...DEFAULT_CONFIG } });
  const loader = createScreenLoader({
    fetch: async (url) => {
      const id = /\/screens\/(.+)\.json$/.exec(url)![1]!;
      fetched.push(id);
      return new Response(JSON.stringify(doc(id)), { status: 200 });
    },
    storage: memoryStorage(),
    validate: validateScreenDoc,
    warn: () => undefined,
  });
  embedScreens({ host, loader }, manifest);
  return { host, fetched };
}

describe('screens drawn in place (embedScreens)', () => {
  // A route the build's own screens/manifest.json does not have: mapped in the studio and published.
  const published: Manifest = {
    schemaVersion: 1,
    routes: [
      { path: '/agreement', screen: 'loan-terms' },
      { path: '/terms-2027', screen: 'terms-2027', aliases: ['/new-terms'] },
    ],
  };

  it("an address of the page's manifest gives its document and the address's query as params", async () => {
    const { host, fetched } = setup(published);
    const embedded = await host.embed!(`${location.origin}/terms-2027?orderId=7`);
    expect(embedded?.doc.id).toBe('terms-2027');
    expect(embedded?.params).toEqual({ orderId: '7' });
    expect((await host.embed!('/New-Terms/'))?.doc.id).toBe('terms-2027');
    expect(fetched).toEqual(['terms-2027']);
  });

  it('another origin, or an address that is no page of the manifest, is not drawn in place', async () => {
    const { host, fetched } = setup(published);
    expect(await host.embed!('https://elsewhere.example/agreement')).toBeNull();
    expect(await host.embed!('/privacy')).toBeNull();
    expect(fetched).toEqual([]);
  });
});
