// The full-screen view of a zoomable image (payment-guide screenshots, spec §2.13).
import { useEffect, useRef } from 'react';
import { createPortal } from 'react-dom';

interface Props {
  src: string;
  alt: string;
  onClose: () => void;
}

export function ImageZoom({ src, alt, onClose }: Props) {
  const closeRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    const opener = document.activeElement as HTMLElement | null;
    closeRef.current?.focus();
    const onKey = (e: globalThis.KeyboardEvent) => {
      if (e.key === 'Escape') onClose();
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      opener?.focus?.();
    };
  }, [onClose]);
  return createPortal(
    <div className="blk-image-zoom" role="dialog" aria-modal="true" aria-label={alt || 'Image'}>
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
