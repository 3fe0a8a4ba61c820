// The signed-in studio: the screen editor, or one of the publishing screens, by the address.
import { lazy, Suspense, useRef } from 'react';
import type { StudioApi } from './api';
import { AccountBox } from './AccountBox';
import { DatabaseNotice } from './DatabaseNotice';
import { ReviewScreen } from './publishing/ReviewScreen';
import { useView, type View } from './route';
import { ViewNav } from './publishing/ViewNav';
import { Studio } from './Studio';
import { SkipToOutline } from './visual/SkipToOutline';
import './publishing/publishing.css';

const DraftsView = lazy(() => import('./publishing/DraftsView').then((m) => ({ default: m.DraftsView })));
const SchedulesView = lazy(() =>
  import('./publishing/SchedulesView').then((m) => ({ default: m.SchedulesView })),
);
const ManifestView = lazy(() =>
  import('./publishing/ManifestView').then((m) => ({ default: m.ManifestView })),
);
const ConflictsView = lazy(() =>
  import('./publishing/ConflictsView').then((m) => ({ default: m.ConflictsView })),
);
const ExperimentsView = lazy(() =>
  import('./experiments/ExperimentsView').then((m) => ({ default: m.ExperimentsView })),
);
const ExperimentScreen = lazy(() =>
  import('./experiments/ExperimentScreen').then((m) => ({ default: m.ExperimentScreen })),
);
const AuditView = lazy(() => import('./publishing/AuditView').then((m) => ({ default: m.AuditView })));
const AccountsView = lazy(() =>
  import('./publishing/AccountsView').then((m) => ({ default: m.AccountsView })),
);

function page(view: View, api: StudioApi) {
  switch (view.name) {
    case 'review':
      return <ReviewScreen key={view.draftId} api={api} draftId={view.draftId} />;
    case 'drafts':
      return <DraftsView api={api} />;
    case 'schedules':
      return <SchedulesView api={api} />;
    case 'manifest':
      return <ManifestView key={view.screen ?? ''} api={api} screen={view.screen} />;
    case 'experiments':
      return <ExperimentsView api={api} />;
    case 'experiment':
      return <ExperimentScreen key={view.experimentId} api={api} experimentId={view.experimentId} />;
    case 'conflicts':
      return <ConflictsView api={api} />;
    case 'audit':
      return <AuditView api={api} />;
    case 'accounts':
      return <AccountsView api={api} />;
    default:
      return null;
  }
}

export function StudioApp({
  api,
  initialId,
  onSignedOut,
}: {
  api: StudioApi;
  initialId: string;
  onSignedOut(): void;
}) {
  const view = useView(initialId);
  const lastScreen = useRef(initialId);
  if (view.name === 'editor') lastScreen.current = view.id;
  return (
    <div className="studio-page">
      {view.name === 'editor' && <SkipToOutline />}
      <header className="studio-top">
        <h1>Screen studio</h1>
        <ViewNav api={api} current={view.name} lastScreen={lastScreen.current} />
        <span className="studio-spacer" />
        <AccountBox api={api} onSignedOut={onSignedOut} />
      </header>
      <DatabaseNotice />
      <main className="studio-page-main">
        {view.name === 'editor' ? (
          <Studio api={api} initialId={view.id} />
        ) : (
          <Suspense fallback={<p className="studio-loading">Loading…</p>}>{page(view, api)}</Suspense>
        )}
      </main>
    </div>
  );
}
