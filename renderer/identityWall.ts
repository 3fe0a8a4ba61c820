// The run-time wall of issue 28 item 3, for blocks: a picture, a frame or a link whose address
// would take the borrower's session or device id to another site is not loaded (url.ts refuses
// it), and the refusal is reported once through Host.report, naming only the site: the report
// itself must not carry the id.
import { useEffect } from 'react';
import { useEngine } from './engine';
import { carriesIdentity, identityRefusal, OFFSITE_SESSION, safeUrl } from './url';

/** Reports, once per address, that the block's address `value` was refused for carrying an id. */
export function useIdentityWall(value: unknown, path: string): void {
  const { host, vouched, screenId } = useEngine();
  const url = safeUrl(value);
  const refused = url !== null && carriesIdentity(host, vouched, url) ? url : null;
  useEffect(() => {
    if (refused !== null)
      host.report({ screenId, blockPath: path, code: OFFSITE_SESSION, message: identityRefusal(refused) });
  }, [refused, host, screenId, path]);
}
