// The screens of the manifest, each with the routes and promotion templates that show it, and the
// parts (screens/parts/), each with the screens that use it.
import type { ScreensManifest } from '../../renderer/types.gen';
import { PROMO_PAGES, promoAddress } from '../manifest/routes';

export interface ScreenEntry {
  id: string;
  /** "/loan/details", "/order", "/promo/landing?id=1"... */
  places: string[];
}

export function screensOf(manifest: ScreensManifest): ScreenEntry[] {
  const places = new Map<string, string[]>();
  const add = (id: string, place: string) => places.set(id, [...(places.get(id) ?? []), place]);
  for (const route of manifest.routes) {
    add(route.screen, route.flag ? `${route.path} (${route.flag})` : route.path);
    for (const alias of route.aliases ?? []) add(route.screen, alias);
  }
  // A promotion template's place is the address campaigns use (issue 26 item 3).
  for (const page of PROMO_PAGES) {
    const entry = manifest.promo?.[page];
    for (const [template, id] of Object.entries(entry?.templates ?? {}))
      if (id) add(id, promoAddress(manifest, page, template));
    if (entry?.default) add(entry.default, `${promoAddress(manifest, page)} (default)`);
  }
  return [...places.entries()]
    .map(([id, list]) => ({ id, places: [...new Set(list)] }))
    .sort((a, b) => a.id.localeCompare(b.id));
}

export interface PartEntry {
  name: string;
  usedBy: string[];
}

interface Props {
  screens: ScreenEntry[];
  parts: PartEntry[];
  current: string;
  dirty: boolean;
  onOpen(id: string): void;
}

function Entry({
  id,
  label,
  detail,
  current,
  dirty,
  onOpen,
}: { id: string; label: string; detail: string } & Omit<Props, 'screens' | 'parts'>) {
  return (
    <li>
      <button
        type="button"
        aria-current={id === current ? 'page' : undefined}
        onClick={() => {
          if (id === current) return;
          if (dirty && !window.confirm('Leave this document? Your unsaved changes will be lost.')) return;
          onOpen(id);
        }}
      >
        <span className="studio-screen-id">{label}</span>
        <span className="studio-screen-places">{detail}</span>
      </button>
    </li>
  );
}

export function ScreenList({ screens, parts, ...rest }: Props) {
  return (
    <nav className="studio-screens" aria-label="Screens">
      <h2 className="studio-heading">Screens</h2>
      <ul>
        {screens.map((s) => (
          <Entry key={s.id} id={s.id} label={s.id} detail={s.places.join(' · ')} {...rest} />
        ))}
      </ul>
      {parts.length > 0 && (
        <>
          <h2 className="studio-heading" id="studio-parts-heading">
            Parts
          </h2>
          <ul aria-labelledby="studio-parts-heading">
            {parts.map((p) => (
              <Entry
                key={p.name}
                id={`parts/${p.name}`}
                label={p.name}
                detail={p.usedBy.length > 0 ? `used by ${p.usedBy.join(', ')}` : 'used by no screen'}
                {...rest}
              />
            ))}
          </ul>
        </>
      )}
    </nav>
  );
}
