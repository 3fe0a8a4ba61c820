// The full-screen view of a zoomable image (payment-guide screenshots, spec §2.13). Focus, Escape
// and the Android back button work as in every popup (renderer/dialog.ts).
import { useRef } from 'react';
import { createPortal } from 'react-dom';
import { useDialog } from '../dialog';
import { useEngine } from '../engine';

interface Props {
  src: string;
  alt: string;
  onClose: () => void;
}

export function ImageZoom({ src, alt, onClose }: Props) {
  const box = useRef<HTMLDivElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);
  useDialog(box, { onDismiss: onClose, initialFocus: closeRef, host: useEngine().host });
  return createPortal(
    <div ref={box} className="blk-image-zoom" role="dialog" aria-modal="true" aria-label={alt || 'Image'}>
      <button
        ref={closeRef}
        type="button"
        className="blk-image-zoom-close"
        aria-label="Close"
        onClick={onClose}
      >
        ×
      </button>
      <img className="blk-image-zoom-img" src={src} alt={alt} onClick={onClose} />
    </div>,
    document.body,
  );
}
