// Heavy and a security boundary: code-split (x-lazy). One of the app's own screens (/agreement,
// /privacy) is drawn in place, as blocks, so it never runs in a frame on our origin; anything else
// is framed from a trusted origin only, sandboxed, and never with allow-same-origin: with
// allow-scripts that token lets the page script its parent (read the session cookie, lift its own
// sandbox).
import { lazy, Suspense, useEffect, useState, type CSSProperties } from 'react';
import type { BlockProps } from '../block';
import type { IframeBlock } from '../types.gen';
import type { EmbeddedScreen } from '../host';
import { useEngine } from '../engine';
import { useEval } from '../hooks';
import { toText } from '../expr/values';
import { loadableUrl } from '../url';
import { styleClass } from '../style';
import './Iframe.css';

const ALLOWED = new Set(['allow-scripts', 'allow-forms', 'allow-popups']);

// The engine is already loaded; a dynamic import keeps this lazy block from pulling it into a
// chunk of its own (a static one split the first screen's code in two, +0.5 KB gzip).
const Screen = lazy(() => import('../Screen').then((m) => ({ default: m.Screen })));

export default function Iframe({ block, frame }: BlockProps<IframeBlock>) {
  const { host, vouched } = useEngine();
  const evaluate = useEval(frame);
  const src = loadableUrl(host, evaluate(block.src), vouched);
  const [found, setFound] = useState<{ src: string; screen: EmbeddedScreen | null } | null>(null);
  useEffect(() => {
    if (!src || !host.embed) return;
    let live = true;
    const settle = (screen: EmbeddedScreen | null) => {
      if (live) setFound({ src, screen });
    };
    host.embed(src).then(settle, () => settle(null));
    return () => {
      live = false;
    };
  }, [src, host]);

  if (!src) {
    return (
      <p className="blk-iframe-refused" role="note">
        This content cannot be shown
      </p>
    );
  }
  const fill = block.height === 'fill';
  const className = `blk-iframe ${fill ? 'is-fill' : ''} ${styleClass(block.style)}`;
  const style: CSSProperties | undefined = fill ? undefined : { height: block.height ?? 480 };
  const title = toText(evaluate(block.title));
  if (host.embed && found?.src !== src) return <div className={className} style={style} />;
  if (found?.screen) {
    return (
      <section className={`${className} blk-iframe-doc`} style={style} aria-label={title} tabIndex={0}>
        <Suspense fallback={null}>
          <Screen doc={found.screen.doc} params={found.screen.params} host={host} embedded />
        </Suspense>
      </section>
    );
  }
  // An empty sandbox attribute is the strictest one; only listed tokens loosen it.
  const sandbox = [...new Set(block.sandbox ?? [])].filter((t) => ALLOWED.has(t)).join(' ');
  return (
    <iframe
      className={className}
      style={style}
      src={src}
      title={title}
      sandbox={sandbox}
      referrerPolicy="strict-origin"
      loading="lazy"
    />
  );
}
