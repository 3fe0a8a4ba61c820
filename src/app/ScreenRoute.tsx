// One route's screen: the kept document at once if there is one (revalidated in the background),
// otherwise the document and its on-load calls fetched in parallel. Failures show the error page.
import { useEffect, useMemo, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { Screen } from '../../renderer/Screen';
import type { ScreenDocument } from '../../renderer/types.gen';
import { paramsOf } from './params';
import { takeAnswered, useApp } from './context';
import { BlankGuard } from './BlankGuard';
import { ErrorBoundary } from './ErrorBoundary';
import { ErrorPage } from './ErrorPage';
import type { LoadFailure } from './loadScreen';

type State =
  | { status: 'loading' }
  | { status: 'ready'; doc: ScreenDocument }
  | { status: 'error'; reason: LoadFailure; errors: string[] };

export { paramsOf } from './params';

const MESSAGES: Record<LoadFailure, { title: string; message: string }> = {
  network: {
    title: 'No connection',
    message: 'We could not load this page. Check your connection and try again.',
  },
  missing: { title: 'Page not found', message: 'This page is not available.' },
  invalid: {
    title: 'Something went wrong',
    message: 'This page cannot be shown right now. Please try again later.',
  },
};

export function ScreenRoute({ screenId }: { screenId: string }) {
  const services = useApp();
  const { host, loader, prefetch } = services;
  const location = useLocation();
  // The server's first draw of this visit (src/app/ssr/): hydrated from, never reused for another.
  const [first] = useState(() => ({ key: location.key, answered: takeAnswered(services, screenId) }));
  const answered = location.key === first.key ? first.answered : null;
  const params = useMemo(() => paramsOf(location.search), [location.search]);
  const [state, setState] = useState<State>(() => {
    const kept = loader.peek(screenId);
    return kept ? { status: 'ready', doc: kept } : { status: 'loading' };
  });
  const fromCache = state.status === 'ready';
  const ready = state.status === 'ready';
  // One screen view per visit, with the version of the document shown (events, experiments).
  useEffect(() => {
    if (ready) host.view(screenId, loader.version(screenId));
  }, [ready, location.key, host, loader, screenId]);
  // Per visit (location.key): the blank-page check starts once this visit's screen has loaded.
  const [settledVisit, setSettledVisit] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    if (fromCache) {
      void loader.revalidate(screenId);
      return;
    }
    prefetch(screenId, params);
    void loader.load(screenId).then((result) => {
      if (!live) return;
      setState(result.status === 'ready' ? { status: 'ready', doc: result.doc } : result);
    });
    return () => {
      live = false;
    };
    // Once per screen: the document does not depend on the query.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [screenId]);

  if (state.status === 'loading') {
    return <div className="app-loading" role="progressbar" aria-label="Loading" aria-busy="true" />;
  }
  if (state.status === 'error') {
    const text = MESSAGES[state.reason];
    return <ErrorPage {...text} details={state.errors} retry={state.reason === 'network'} />;
  }
  return (
    <ErrorBoundary
      key={location.key}
      fallback={(error) => <ErrorPage details={[error.message]} />}
      onError={(error) =>
        host.report({ screenId, blockPath: '', code: 'screen-crashed', message: error.message })
      }
    >
      <BlankGuard key={location.key} settled={settledVisit === location.key}>
        <Screen
          key={location.key}
          doc={state.doc}
          host={host}
          params={params}
          answered={answered}
          onSettled={() => setSettledVisit(location.key)}
        />
      </BlankGuard>
    </ErrorBoundary>
  );
}
