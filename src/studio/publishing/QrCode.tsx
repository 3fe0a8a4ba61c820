// A QR code drawn as SVG from uqr's module matrix (no markup strings put into the page).
import { useMemo } from 'react';
import { encode } from 'uqr';

export function QrCode({ text, label, size = 200 }: { text: string; label: string; size?: number }) {
  const { path, count } = useMemo(() => {
    const { data } = encode(text, { ecc: 'M', border: 2 });
    let d = '';
    data.forEach((row, y) => row.forEach((on, x) => on && (d += `M${x} ${y}h1v1h-1z`)));
    return { path: d, count: data.length };
  }, [text]);
  return (
    <svg
      role="img"
      aria-label={label}
      width={size}
      height={size}
      viewBox={`0 0 ${count} ${count}`}
      shapeRendering="crispEdges"
      className="studio-qr"
    >
      <rect width={count} height={count} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  );
}
