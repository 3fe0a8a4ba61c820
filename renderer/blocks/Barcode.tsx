import { useMemo } from 'react';
import type { BlockProps } from '../block';
import type { BarcodeBlock } from '../types.gen';
import { useEval } from '../hooks';
import { toText } from '../expr/values';
import { styleClass } from '../style';
import { code128 } from './barcode/code128';
import './Barcode.css';

/** Blank modules each side, so scanners find the edges. */
const QUIET = 10;

export default function Barcode({ block, frame }: BlockProps<BarcodeBlock>) {
  const evaluate = useEval(frame);
  const value = toText(evaluate(block.value));
  const bars = useMemo(() => code128(value), [value]);
  if (!value) return null;
  const width = bars ? bars.modules + QUIET * 2 : 0;
  return (
    <figure className={`blk-barcode ${styleClass(block.style)}`}>
      {bars && (
        <svg
          role="img"
          aria-label={toText(evaluate(block.alt))}
          viewBox={`0 0 ${width} 50`}
          height={block.height ?? 80}
          preserveAspectRatio="none"
          shapeRendering="crispEdges"
        >
          <rect width={width} height={50} fill="#fff" />
          {bars.runs.map(([x, w]) => (
            <rect key={x} x={x + QUIET} width={w} height={50} fill="#000" />
          ))}
        </svg>
      )}
      {block.showText !== false && <figcaption className="blk-barcode-text">{value}</figcaption>}
    </figure>
  );
}
