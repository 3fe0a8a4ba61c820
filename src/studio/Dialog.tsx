// A modal panel over the studio (save, history). Escape or the close button closes it.
import { useEffect, type ReactNode } from 'react';

export function Dialog({
  title,
  onClose,
  children,
}: {
  title: string;
  onClose(): void;
  children: ReactNode;
}) {
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && onClose();
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [onClose]);
  return (
    <div className="studio-backdrop">
      <section className="studio-dialog" role="dialog" aria-modal="true" aria-label={title}>
        <header className="studio-dialog-head">
          <h2>{title}</h2>
          <button type="button" className="studio-close" aria-label="Close" onClick={onClose}>
            ×
          </button>
        </header>
        <div className="studio-dialog-body">{children}</div>
      </section>
    </div>
  );
}
