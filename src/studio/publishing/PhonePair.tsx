// The screen before and after a change, in two phones run against the same scenario: what
// borrowers get now (the live revision) and what they will get (the draft). Each side is expanded
// against its library: the live parts and screens, with the draft's part in place after.
import { useCallback, useEffect, useMemo, useState } from 'react';
import type { ScreensManifest } from '../../../renderer/types.gen';
import type { StudioApi } from '../api';
import { checkScreenText } from '../../checker/checkText';
import type { Library } from '../../parts/library';
import { Preview } from '../Preview';
import { DEVICES, type Scenario } from '../shared/protocol';

interface Props {
  api: StudioApi;
  id: string;
  before: string | null;
  after: string;
  manifest: ScreensManifest | null;
  /** What each side is expanded against (a part under review is in place in `afterLibrary`). */
  beforeLibrary: Library;
  afterLibrary: Library;
}

const docOf = (text: string | null, id: string, manifest: ScreensManifest | null, library: Library) =>
  text === null ? null : (checkScreenText(text, { id, manifest, library }).doc ?? null);

export function PhonePair({ api, id, before, after, manifest, beforeLibrary, afterLibrary }: Props) {
  const [scenarios, setScenarios] = useState<Scenario[]>([]);
  const [index, setIndex] = useState(0);
  const [restarts, setRestarts] = useState(0);
  useEffect(() => {
    void api.loadScenarios(id).then((found) => setScenarios(found.scenarios));
  }, [api, id]);
  const beforeDoc = useMemo(
    () => docOf(before, id, manifest, beforeLibrary),
    [before, id, manifest, beforeLibrary],
  );
  const afterDoc = useMemo(
    () => docOf(after, id, manifest, afterLibrary),
    [after, id, manifest, afterLibrary],
  );
  const scenario = scenarios[index] ?? null;
  const run = index * 100 + restarts;
  const ignore = useCallback(() => {}, []);
  const device = DEVICES[0]!;

  const phone = (label: string, doc: typeof afterDoc, missing: string) => (
    <figure className="studio-phone-pair-item">
      <figcaption>{label}</figcaption>
      {doc ? (
        <Preview
          bare
          title={`${label} preview`}
          doc={doc}
          scenario={scenario}
          run={run}
          device={device}
          onDevice={ignore}
          onRestart={ignore}
          stale={null}
          onLog={ignore}
          onCrash={ignore}
        />
      ) : (
        <p className="studio-empty">{missing}</p>
      )}
    </figure>
  );

  return (
    <section className="studio-phone-pair" aria-label="Before and after">
      <div className="studio-preview-bar">
        <label className="studio-scenario">
          Scenario{' '}
          <select value={index} onChange={(e) => setIndex(Number(e.target.value))}>
            {scenarios.length === 0 && <option value={0}>No scenarios (calls fail)</option>}
            {scenarios.map((s, i) => (
              <option key={i} value={i} title={s.description}>
                {s.name}
              </option>
            ))}
          </select>
        </label>
        <button type="button" onClick={() => setRestarts((n) => (n + 1) % 100)}>
          Restart both
        </button>
      </div>
      <div className="studio-phone-pair-row">
        {phone(
          'Live now',
          beforeDoc,
          before === null
            ? 'A new screen: nothing is live yet.'
            : 'The live version does not pass the checker.',
        )}
        {phone('After approval', afterDoc, 'The draft does not pass the checker.')}
      </div>
    </section>
  );
}
