import { useState } from 'react';
import type { BlockProps } from '../block';
import type { HeroBlock } from '../types.gen';
import { useEngine } from '../engine';
import { useEval } from '../hooks';
import { toText } from '../expr/values';
import { loadableUrl } from '../url';
import { brandStyle, styleClass } from '../style';
import { Blocks } from '../Blocks';
import './Hero.css';

export default function Hero({ block, path, frame }: BlockProps<HeroBlock>) {
  const { host, vouched } = useEngine();
  const evaluate = useEval(frame);
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const src = block.image === undefined ? null : loadableUrl(host, evaluate(block.image), vouched);
  const title = block.title === undefined ? '' : toText(evaluate(block.title));
  const text = block.text === undefined ? '' : toText(evaluate(block.text));
  const showImage = src !== null && failedSrc !== src;
  return (
    <div
      className={`blk-hero ${styleClass(block.style)}`}
      style={{ minHeight: block.height ?? 140, ...brandStyle(block.color) }}
    >
      {showImage && (
        // Decorative: the status is in the title and text. Above the fold, so loaded first.
        <img
          className="blk-hero-bg"
          src={src}
          alt=""
          fetchPriority="high"
          decoding="async"
          onError={() => setFailedSrc(src)}
        />
      )}
      <div className="blk-hero-content">
        {title && <h1 className="blk-hero-title">{title}</h1>}
        {text && <p className="blk-hero-text">{text}</p>}
        <Blocks blocks={block.children} path={`${path}/children`} frame={frame} />
      </div>
    </div>
  );
}
