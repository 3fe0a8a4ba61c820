// Heavy and a security boundary: code-split (x-lazy) and always sandboxed.
import type { BlockProps } from '../block';
import type { IframeBlock } from '../types.gen';
import { useEval } from '../hooks';
import { toText } from '../expr/values';
import { safeUrl } from '../url';
import { styleClass } from '../style';
import './Iframe.css';

const ALLOWED = new Set(['allow-scripts', 'allow-same-origin', 'allow-forms', 'allow-popups']);

export default function Iframe({ block, frame }: BlockProps<IframeBlock>) {
  const evaluate = useEval(frame);
  const src = safeUrl(evaluate(block.src));
  if (!src) {
    return (
      <p className="blk-iframe-refused" role="note">
        This content cannot be shown
      </p>
    );
  }
  // An empty sandbox attribute is the strictest one; only listed tokens loosen it.
  const sandbox = [...new Set(block.sandbox ?? [])].filter((t) => ALLOWED.has(t)).join(' ');
  const fill = block.height === 'fill';
  return (
    <iframe
      className={`blk-iframe ${fill ? 'is-fill' : ''} ${styleClass(block.style)}`}
      style={fill ? undefined : { height: block.height ?? 480 }}
      src={src}
      title={toText(evaluate(block.title))}
      sandbox={sandbox}
      referrerPolicy="strict-origin"
      loading="lazy"
    />
  );
}
