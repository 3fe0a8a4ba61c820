import { useMemo } from 'react';
import { encode } from 'uqr';
import type { BlockProps } from '../block';
import type { QrcodeBlock } from '../types.gen';
import { useEval } from '../hooks';
import { toText } from '../expr/values';
import { styleClass } from '../style';
import './Qrcode.css';

/** One path of unit squares for the dark modules (quiet zone included in the matrix). */
export function qrPath(matrix: boolean[][]): string {
  let d = '';
  matrix.forEach((row, y) =>
    row.forEach((dark, x) => {
      if (dark) d += `M${x} ${y}h1v1h-1z`;
    }),
  );
  return d;
}

export default function Qrcode({ block, frame }: BlockProps<QrcodeBlock>) {
  const evaluate = useEval(frame);
  const value = toText(evaluate(block.value));
  const qr = useMemo(() => (value ? encode(value, { ecc: 'M', border: 2 }) : null), [value]);
  if (!qr) return null;
  const size = block.size ?? 200;
  return (
    <div className={`blk-qrcode ${styleClass(block.style)}`}>
      <svg
        role="img"
        aria-label={toText(evaluate(block.alt))}
        width={size}
        height={size}
        viewBox={`0 0 ${qr.size} ${qr.size}`}
        shapeRendering="crispEdges"
      >
        <rect width={qr.size} height={qr.size} fill="#fff" />
        <path d={qrPath(qr.data)} fill="#000" />
      </svg>
    </div>
  );
}
