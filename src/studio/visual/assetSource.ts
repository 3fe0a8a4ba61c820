// The studio's uploaded pictures as the property panel's image field uses them (issue 25): the
// list for the picker, kept once per page and refreshed by an upload, and an upload sent as the
// server takes it (JSON, the picture in base64; docs/api.md "Pictures"). What the picture is and
// whether it is taken is the server's decision: the field shows its one-sentence answer.
import { assetTooLarge, type StudioAsset } from '../../wire/studio';
import type { StudioApi } from '../api';

/** The studio API's call (src/studio/api.ts). */
type Call = StudioApi['call'];

export type Uploaded = { ok: true; asset: StudioAsset } | { ok: false; message: string };

export interface AssetSource {
  /** The uploaded pictures; rejects with the server's sentence when it refuses to list them. */
  list(): Promise<StudioAsset[]>;
  upload(file: File): Promise<Uploaded>;
}

/** Base64 of a file's bytes, in chunks (a spread of a whole picture would overflow the stack). */
async function base64Of(file: File): Promise<string> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000)
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

export function assetSource(call: Call): AssetSource {
  let listed: Promise<StudioAsset[]> | null = null;
  return {
    list() {
      // A refusal is not kept: the next field asks again (and says the server's sentence meanwhile).
      listed ??= call<{ assets?: StudioAsset[] }>('GET', '/assets').then((r) => {
        if (r.ok) return r.body.assets ?? [];
        listed = null;
        throw new Error(r.message || 'The pictures could not be listed');
      });
      return listed;
    },
    async upload(file) {
      const tooLarge = assetTooLarge(file.name, file.size);
      if (tooLarge) return { ok: false, message: tooLarge };
      const reply = await call<{ asset?: StudioAsset }>('POST', '/assets', {
        data: await base64Of(file),
        name: file.name,
      });
      if (!reply.ok || !reply.body.asset) return { ok: false, message: reply.message || 'The upload failed' };
      listed = null;
      return { ok: true, asset: reply.body.asset };
    },
  };
}
