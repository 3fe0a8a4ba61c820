// The studio's views and their addresses: `#loan-details` edits a screen (as before), `#/drafts`,
// `#/review/12`, `#/schedules`, `#/experiments`, `#/experiment/3`... open the other screens. Screen ids never start with "/",
// so the two cannot be confused. `#/manifest/promo-summer` opens Routes & templates with that
// screen chosen (the checker's "no route or template shows it" links there).
import { useEffect, useState } from 'react';

export type View =
  | { name: 'editor'; id: string }
  | { name: 'review'; draftId: number }
  | { name: 'experiment'; experimentId: number }
  | { name: 'manifest'; screen?: string }
  | { name: 'drafts' | 'schedules' | 'experiments' | 'conflicts' | 'audit' | 'accounts' };

export const PAGES = [
  'drafts',
  'schedules',
  'manifest',
  'experiments',
  'conflicts',
  'audit',
  'accounts',
] as const;

export function parseView(hash: string, fallback: string): View {
  const raw = decodeURIComponent(hash.replace(/^#/, ''));
  if (!raw.startsWith('/')) return { name: 'editor', id: raw || fallback };
  const [page, arg] = raw.slice(1).split('/');
  if (page === 'review' && /^\d+$/.test(arg ?? '')) return { name: 'review', draftId: Number(arg) };
  if (page === 'experiment' && /^\d+$/.test(arg ?? ''))
    return { name: 'experiment', experimentId: Number(arg) };
  if (page === 'manifest') return arg ? { name: 'manifest', screen: arg } : { name: 'manifest' };
  const known = PAGES.find((p) => p === page && p !== 'manifest');
  return known && known !== 'manifest' ? { name: known } : { name: 'editor', id: fallback };
}

export function hashOf(view: View): string {
  if (view.name === 'editor') return `#${view.id}`;
  if (view.name === 'review') return `#/review/${view.draftId}`;
  if (view.name === 'experiment') return `#/experiment/${view.experimentId}`;
  if (view.name === 'manifest' && view.screen) return `#/manifest/${encodeURIComponent(view.screen)}`;
  return `#/${view.name}`;
}

export function go(view: View): void {
  window.location.hash = hashOf(view);
}

/** The view named by the address, following the back and forward buttons. */
export function useView(fallback: string): View {
  const [view, setView] = useState(() => parseView(window.location.hash, fallback));
  useEffect(() => {
    const onHash = () => setView(parseView(window.location.hash, fallback));
    window.addEventListener('hashchange', onHash);
    return () => window.removeEventListener('hashchange', onHash);
  }, [fallback]);
  return view;
}
