// The screens of the manifest, each with the routes and promotion templates that show it.
import type { ScreensManifest } from '../../renderer/types.gen';

export interface ScreenEntry {
  id: string;
  /** "/loan/details", "/order", "promo landing #1"... */
  places: string[];
}

export function screensOf(manifest: ScreensManifest): ScreenEntry[] {
  const places = new Map<string, string[]>();
  const add = (id: string, place: string) => places.set(id, [...(places.get(id) ?? []), place]);
  for (const route of manifest.routes) {
    add(route.screen, route.flag ? `${route.path} (${route.flag})` : route.path);
    for (const alias of route.aliases ?? []) add(route.screen, alias);
  }
  for (const [page, entry] of Object.entries(manifest.promo ?? {})) {
    for (const [template, id] of Object.entries(entry?.templates ?? {}))
      if (id) add(id, `promo ${page} #${template}`);
    if (entry?.default) add(entry.default, `promo ${page} (default)`);
  }
  return [...places.entries()]
    .map(([id, list]) => ({ id, places: [...new Set(list)] }))
    .sort((a, b) => a.id.localeCompare(b.id));
}

interface Props {
  screens: ScreenEntry[];
  current: string;
  dirty: boolean;
  onOpen(id: string): void;
}

export function ScreenList({ screens, current, dirty, onOpen }: Props) {
  return (
    <nav className="studio-screens" aria-label="Screens">
      <h2 className="studio-heading">Screens</h2>
      <ul>
        {screens.map((s) => (
          <li key={s.id}>
            <button
              type="button"
              aria-current={s.id === current ? 'page' : undefined}
              onClick={() => {
                if (s.id === current) return;
                if (dirty && !window.confirm('Leave this screen? Your unsaved changes will be lost.')) return;
                onOpen(s.id);
              }}
            >
              <span className="studio-screen-id">{s.id}</span>
              <span className="studio-screen-places">{s.places.join(' · ')}</span>
            </button>
          </li>
        ))}
      </ul>
    </nav>
  );
}
