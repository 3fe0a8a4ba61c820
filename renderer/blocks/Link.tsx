import type { MouseEvent } from 'react';
import type { BlockProps } from '../block';
import type { LinkBlock } from '../types.gen';
import { useEngine } from '../engine';
import { useActionTrigger, useEval } from '../hooks';
import { toText } from '../expr/values';
import { isExternal, mayFollow, refuseIdentity, safeUrl } from '../url';
import { styleClass } from '../style';
import './Link.css';

// Conservative: no characters that would add mailto headers (?, &) or break out of the address.
const EMAIL = /^[A-Za-z0-9._+-]+@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}$/;

export default function Link({ block, path, frame }: BlockProps<LinkBlock>) {
  const { host, vouched } = useEngine();
  const evaluate = useEval(frame);
  const [trigger, busy] = useActionTrigger(block.onTap, `${path}/onTap`, frame);
  const text = toText(evaluate(block.text));
  const className = `blk-link ${styleClass(block.style)}`;

  if (block.mailto !== undefined) {
    const email = toText(evaluate(block.mailto)).trim();
    if (!EMAIL.test(email)) return <span className={className}>{text}</span>;
    return (
      <a className={className} href={`mailto:${email}`}>
        {text}
      </a>
    );
  }
  if (block.href !== undefined) {
    const safe = safeUrl(evaluate(block.href));
    if (safe) refuseIdentity(host, vouched, safe);
    // A refused address (not http(s); another site the server did not send) leaves the words on
    // the page but nothing to follow.
    const url = safe && mayFollow(host, vouched, safe) ? safe : null;
    if (!url) return <span className={className}>{text}</span>;
    const follow = (e: MouseEvent) => {
      e.preventDefault();
      host.navigate(url, { commonParams: block.commonParams === true && !isExternal(url) });
    };
    return (
      <a
        className={className}
        href={url}
        rel={isExternal(url) ? 'noopener noreferrer' : undefined}
        onClick={follow}
      >
        {text}
      </a>
    );
  }
  return (
    <button type="button" className={className} aria-busy={busy || undefined} onClick={() => void trigger()}>
      {text}
    </button>
  );
}
