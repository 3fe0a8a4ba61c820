// Ctrl+S (⌘S) opens the save dialog from anywhere in the studio, the editor included: the keyboard's
// way to save (issue 25, keyboard), and the browser's "save page" never opens over the studio.
import { useEffect } from 'react';

export function useSaveKey(onSave: () => void, enabled: boolean): void {
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (!(e.ctrlKey || e.metaKey) || e.altKey || e.key.toLowerCase() !== 's') return;
      e.preventDefault();
      if (enabled) onSave();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [onSave, enabled]);
}
