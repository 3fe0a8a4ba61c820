import { useCallback, useState, type CSSProperties } from 'react';
import type { BlockProps } from '../block';
import type { ImageBlock } from '../types.gen';
import { useEngine } from '../engine';
import { useActionTrigger, useEval } from '../hooks';
import { toText } from '../expr/values';
import { loadableUrl } from '../url';
import { styleClass } from '../style';
import { ImageZoom } from './ImageZoom';
import './Image.css';

function sizeOf(block: ImageBlock): CSSProperties {
  const size: CSSProperties = {};
  if (block.width) size.width = block.width;
  if (block.height) size.height = block.height;
  if (block.aspect) {
    size.aspectRatio = block.aspect.replace(':', ' / ');
    if (!block.width && !block.height) size.width = '100%';
  }
  return size;
}

export default function Image({ block, path, frame }: BlockProps<ImageBlock>) {
  const { host, vouched } = useEngine();
  const evaluate = useEval(frame);
  const [trigger] = useActionTrigger(block.onTap, `${path}/onTap`, frame);
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const [zoomed, setZoomed] = useState(false);
  const unzoom = useCallback(() => setZoomed(false), []);
  const src = loadableUrl(host, evaluate(block.src), vouched);
  const alt = toText(evaluate(block.alt));
  const size = sizeOf(block);
  const shape = `${block.round ? 'is-round' : ''} ${styleClass(block.style)}`;

  // A refused or broken address shows no broken-image icon (it would print the URL).
  if (!src || failedSrc === src) {
    if (!block.placeholder) return null;
    return alt ? (
      <div className={`blk-image blk-image-placeholder ${shape}`} style={size} role="img" aria-label={alt} />
    ) : (
      <div className={`blk-image blk-image-placeholder ${shape}`} style={size} aria-hidden="true" />
    );
  }
  const img = (
    <img
      className={`blk-image fit-${block.fit ?? 'cover'} ${shape}`}
      style={size}
      src={src}
      alt={alt}
      width={block.width}
      height={block.height}
      loading={block.priority ? 'eager' : 'lazy'}
      decoding="async"
      onError={() => setFailedSrc(src)}
    />
  );
  if (!block.zoom && !block.onTap) return img;
  return (
    <>
      <button
        type="button"
        className="blk-image-tap"
        aria-label={alt ? undefined : block.zoom ? 'Open image' : 'Image'}
        onClick={() => {
          if (block.zoom) setZoomed(true);
          if (block.onTap) void trigger();
        }}
      >
        {img}
      </button>
      {zoomed && <ImageZoom src={src} alt={alt} onClose={unzoom} />}
    </>
  );
}
