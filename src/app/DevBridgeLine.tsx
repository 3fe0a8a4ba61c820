// Outside the native app, bridge calls land in the development bridge: each shows briefly as a
// "bridge: <name>" line, so a tester in a browser sees what the page asked the app to do.
import { useEffect, useState } from 'react';
import type { Bridge } from '../host/bridge';

export const BRIDGE_LINE_MS = 2500;

export function DevBridgeLine({ bridge }: { bridge: Bridge }) {
  const [line, setLine] = useState<{ id: number; text: string } | null>(null);
  useEffect(() => {
    let seq = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const off = bridge.onDevCall((call) => {
      const id = ++seq;
      setLine({ id, text: `bridge: ${call.name}` });
      clearTimeout(timer);
      timer = setTimeout(() => setLine((current) => (current?.id === id ? null : current)), BRIDGE_LINE_MS);
    });
    return () => {
      off();
      clearTimeout(timer);
    };
  }, [bridge]);
  if (!line) return null;
  return (
    <div className="app-bridge-line" data-bridge-line="" role="note">
      {line.text}
    </div>
  );
}
