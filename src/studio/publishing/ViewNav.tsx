// The studio's sections, in the top bar: each shown only to the roles that can use it.
import type { StudioApi } from '../api';
import { hashOf, type View } from '../route';

export function ViewNav({
  api,
  current,
  lastScreen,
}: {
  api: StudioApi;
  current: View['name'];
  lastScreen: string;
}) {
  const links: { name: View['name']; label: string; href: string; show: boolean }[] = [
    { name: 'editor', label: 'Screens', href: hashOf({ name: 'editor', id: lastScreen }), show: true },
    { name: 'drafts', label: 'Drafts & review', href: '#/drafts', show: true },
    { name: 'schedules', label: 'Schedules', href: '#/schedules', show: true },
    { name: 'manifest', label: 'Routes & templates', href: '#/manifest', show: true },
    { name: 'experiments', label: 'Experiments', href: '#/experiments', show: true },
    { name: 'conflicts', label: 'Conflicts', href: '#/conflicts', show: api.canPublish },
    { name: 'audit', label: 'Audit log', href: '#/audit', show: api.canAudit },
    { name: 'accounts', label: 'Accounts', href: '#/accounts', show: api.isAdmin },
  ];
  return (
    <nav className="studio-views" aria-label="Studio sections">
      {links
        .filter((l) => l.show)
        .map((l) => (
          <a
            key={l.name}
            href={l.href}
            aria-current={
              current === l.name ||
              (current === 'review' && l.name === 'drafts') ||
              (current === 'experiment' && l.name === 'experiments')
                ? 'page'
                : undefined
            }
          >
            {l.label}
          </a>
        ))}
    </nav>
  );
}
