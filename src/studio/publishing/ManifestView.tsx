// The manifest from the studio: which screen each promotion template id and each route shows, and
// the address a campaign uses for each template: the server-visible one (/promo/landing?id=3), which
// the server draws (issue 26 item 3); the hash form (/promo/#/landing?id=3) keeps working.
// A change is saved as a draft of manifest/manifest and goes through the same review as a
// screen; once published the app reads it at run time (no rebuild). Opened from the checker's
// warning that nothing shows a screen (`#/manifest/<screen>`), both forms start with that screen.
import { useCallback, useEffect, useState } from 'react';
import type { ScreensManifest } from '../../../renderer/types.gen';
import type { StudioApi } from '../api';
import { PROMO_PAGES, promoAddress } from '../../manifest/routes';
import { addRoute, mapTemplate } from './manifestEdit';
import type { Draft } from './types';

interface State {
  text: string;
  manifest: ScreensManifest;
  parentRevisionId: number | null;
  draft: Draft | null;
  screens: string[];
}

const PATH = '/documents/manifest/manifest';

export function ManifestView({ api, screen: initialScreen }: { api: StudioApi; screen?: string }) {
  const [state, setState] = useState<State | null>(null);
  const [message, setMessage] = useState('');
  const [page, setPage] = useState<string>('landing');
  const [templateId, setTemplateId] = useState('');
  const [routePath, setRoutePath] = useState('');
  const [picked, setScreen] = useState(initialScreen ?? '');

  const load = useCallback(async () => {
    const [doc, live] = await Promise.all([
      api.call<{ live: { id: number; text: string } | null; draft: (Draft & { text: string }) | null }>(
        'GET',
        PATH,
      ),
      api.liveScreens(),
    ]);
    if (!doc.ok) return setMessage(doc.message);
    const text = doc.body.draft?.text ?? doc.body.live?.text ?? '{"schemaVersion":1,"routes":[]}';
    setState({
      text,
      manifest: JSON.parse(text) as ScreensManifest,
      parentRevisionId: doc.body.draft?.headRevisionId ?? doc.body.live?.id ?? null,
      draft: doc.body.draft,
      screens: live.sort(),
    });
  }, [api]);
  useEffect(() => void load(), [load]);

  if (!state) return <p className="studio-loading">{message || 'Loading…'}</p>;
  const { manifest, draft } = state;
  // Only a published screen can be shown: one still a draft is not offered.
  const screen = state.screens.includes(picked) ? picked : '';
  const unpublished = initialScreen && !state.screens.includes(initialScreen) ? initialScreen : null;

  async function save(next: string, note: string) {
    const saved = await api.call<{ draft: Draft }>('PUT', `${PATH}/draft`, {
      text: next,
      parentRevisionId: state!.parentRevisionId,
      message: note,
    });
    if (!saved.ok) return setMessage(`Not saved: ${saved.message}`);
    const review = await api.call('POST', `/drafts/${saved.body.draft.id}/review`, { message: note });
    setMessage(
      review.ok
        ? `Saved as draft #${saved.body.draft.id} and sent for review: ${note}`
        : `Saved, not sent for review: ${review.message}`,
    );
    setTemplateId('');
    setRoutePath('');
    await load();
  }

  const editable = api.canEdit && draft?.status !== 'scheduled';
  return (
    <section className="studio-page-body" aria-label="Routes and templates">
      <h2>Routes and promotion templates</h2>
      <p className="studio-hint">
        {draft ? (
          <>
            Showing the open draft #{draft.id} ({draft.status.replace('_', ' ')}):{' '}
            <a href={`#/review/${draft.id}`}>review it</a>.
          </>
        ) : (
          'Showing the published manifest. A change becomes a draft that a publisher reviews; once published, borrowers get it on their next load.'
        )}
      </p>
      {message && <p role="status">{message}</p>}
      {editable && initialScreen && !unpublished && (
        <p className="studio-hint">
          Screen <strong>{initialScreen}</strong> is chosen below: give it a template id, or a route’s path.
        </p>
      )}
      {editable && unpublished && (
        <p className="studio-alert" role="note">
          Screen <strong>{unpublished}</strong> is not published yet: a route or a template id can show it
          once a publisher approves it.
        </p>
      )}

      <div className="studio-columns">
        <div>
          <h3>Promotion templates</h3>
          <table className="studio-table" aria-label="Promotion templates">
            <thead>
              <tr>
                <th>Page</th>
                <th>Template id</th>
                <th>Screen</th>
                <th>Campaign address</th>
              </tr>
            </thead>
            <tbody>
              {PROMO_PAGES.flatMap((name) =>
                Object.entries(manifest.promo?.[name]?.templates ?? {}).map(([id, doc]) => (
                  <tr key={`${name}:${id}`}>
                    <td>{name}</td>
                    <td>{id}</td>
                    <td>{doc}</td>
                    <td>
                      <code>{promoAddress(manifest, name, id)}</code>
                    </td>
                  </tr>
                )),
              )}
            </tbody>
          </table>
          {editable && (
            <fieldset className="studio-form" aria-label="Map a template id">
              <legend>Map a template id</legend>
              <label className="studio-field">
                Page{' '}
                <select value={page} onChange={(e) => setPage(e.target.value)}>
                  {PROMO_PAGES.map((p) => (
                    <option key={p}>{p}</option>
                  ))}
                </select>
              </label>
              <label className="studio-field">
                Template id{' '}
                <input value={templateId} onChange={(e) => setTemplateId(e.target.value.trim())} />
              </label>
              <ScreenSelect screens={state.screens} value={screen} onChange={setScreen} />
              <button
                type="button"
                disabled={!/^[A-Za-z0-9_-]{1,40}$/.test(templateId) || !screen}
                onClick={() =>
                  void save(
                    mapTemplate(state.text, page, templateId, screen),
                    `${page} template ${templateId} → ${screen}`,
                  )
                }
              >
                Save and request review
              </button>
            </fieldset>
          )}
        </div>
        <div>
          <h3>Routes</h3>
          <table className="studio-table" aria-label="Routes">
            <thead>
              <tr>
                <th>Path</th>
                <th>Screen</th>
              </tr>
            </thead>
            <tbody>
              {manifest.routes.map((r) => (
                <tr key={r.path}>
                  <td>
                    {r.path}
                    {r.flag ? ` (${r.flag})` : ''}
                  </td>
                  <td>{r.screen}</td>
                </tr>
              ))}
            </tbody>
          </table>
          {editable && (
            <fieldset className="studio-form" aria-label="Add a route">
              <legend>Add a route</legend>
              <label className="studio-field">
                Path{' '}
                <input
                  value={routePath}
                  placeholder="/promo/summer"
                  onChange={(e) => setRoutePath(e.target.value.trim())}
                />
              </label>
              <ScreenSelect screens={state.screens} value={screen} onChange={setScreen} />
              <button
                type="button"
                disabled={
                  !/^\/[a-z0-9/_-]*$/.test(routePath) ||
                  !screen ||
                  manifest.routes.some((r) => r.path === routePath)
                }
                onClick={() =>
                  void save(addRoute(state.text, routePath, screen), `route ${routePath} → ${screen}`)
                }
              >
                Save and request review
              </button>
            </fieldset>
          )}
        </div>
      </div>
    </section>
  );
}

function ScreenSelect({
  screens,
  value,
  onChange,
}: {
  screens: string[];
  value: string;
  onChange(v: string): void;
}) {
  return (
    <label className="studio-field">
      Screen{' '}
      <select value={value} onChange={(e) => onChange(e.target.value)}>
        <option value="">choose…</option>
        {screens.map((s) => (
          <option key={s}>{s}</option>
        ))}
      </select>
    </label>
  );
}
