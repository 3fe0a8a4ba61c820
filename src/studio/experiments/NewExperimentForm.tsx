// Start a staged rollout (one revision to a share of borrowers) or an experiment (the live
// revision as the control beside one or more other revisions, with weights). The server checks
// everything again (weights, the checker, four eyes) and its refusal is shown as it says it.
import { useEffect, useState } from 'react';
import type { HistoryEntry, StudioApi } from '../api';
import { armName } from './types';

/** Events a document or the app sends that make sense as goals (the list also takes any name). */
const GOALS = ['promo_register_conversion', 'promo_apply_tap', 'screen_view', 'api_fail', 'block_error'];

interface Props {
  api: StudioApi;
  onCancel(): void;
  onStarted(id: number): void;
}

export function NewExperimentForm({ api, onCancel, onStarted }: Props) {
  const [screens, setScreens] = useState<string[]>([]);
  const [screen, setScreen] = useState('');
  const [revisions, setRevisions] = useState<HistoryEntry[]>([]);
  const [kind, setKind] = useState<'experiment' | 'rollout'>('experiment');
  const [arms, setArms] = useState<{ revisionId: number | null; weight: number }[]>([
    { revisionId: null, weight: 50 },
    { revisionId: null, weight: 50 },
  ]);
  const [percent, setPercent] = useState(10);
  const [goal, setGoal] = useState('promo_register_conversion');
  const [planned, setPlanned] = useState(5000);
  const [name, setName] = useState('');
  const [state, setState] = useState({ busy: false, error: '' });

  useEffect(() => {
    void api.liveScreens().then(setScreens);
  }, [api]);
  useEffect(() => {
    if (!screen) return setRevisions([]);
    void api.history(screen).then(
      (all) => setRevisions(all.filter((x) => !x.live && x.errors === 0)),
      () => setRevisions([]),
    );
  }, [api, screen]);

  const setArm = (i: number, change: Partial<{ revisionId: number | null; weight: number }>) =>
    setArms(arms.map((a, j) => (j === i ? { ...a, ...change } : a)));
  const total = arms.reduce((sum, a) => sum + a.weight, 0);
  const options = revisions.map((r) => (
    <option key={r.id} value={r.id}>
      revision {r.id} by {r.author}
      {r.message ? `: ${r.message}` : ''}
    </option>
  ));

  async function start() {
    setState({ busy: true, error: '' });
    const body =
      kind === 'rollout'
        ? { kind, screen, name, goal, planned, revisionId: arms[1]!.revisionId, percent }
        : { kind, screen, name, goal, planned, arms };
    const reply = await api.call<{ experiment: { id: number } }>('POST', '/experiments', body);
    if (!reply.ok) return setState({ busy: false, error: reply.message });
    onStarted(reply.body.experiment.id);
  }

  return (
    <fieldset className="studio-form" disabled={state.busy} aria-label="New experiment">
      <legend>New experiment or rollout</legend>
      <label className="studio-field">
        Screen
        <select value={screen} onChange={(e) => setScreen(e.target.value)}>
          <option value="">Choose a published screen</option>
          {screens.map((s) => (
            <option key={s} value={s}>
              {s}
            </option>
          ))}
        </select>
      </label>
      <label className="studio-choice">
        <input
          type="radio"
          name="kind"
          checked={kind === 'experiment'}
          onChange={() => setKind('experiment')}
        />{' '}
        Experiment: revisions side by side with set weights
      </label>
      <label className="studio-choice">
        <input type="radio" name="kind" checked={kind === 'rollout'} onChange={() => setKind('rollout')} />{' '}
        Staged rollout: a new revision to a share of borrowers
      </label>
      {kind === 'experiment' ? (
        <div role="group" aria-label="Arms">
          {arms.map((a, i) => (
            <div className="studio-arm-row" key={i}>
              <span>{armName(String.fromCharCode(97 + i))}</span>
              {i === 0 ? (
                <span>the live revision</span>
              ) : (
                <label className="studio-field">
                  Revision of arm {String.fromCharCode(65 + i)}
                  <select
                    value={a.revisionId ?? ''}
                    onChange={(e) =>
                      setArm(i, { revisionId: e.target.value ? Number(e.target.value) : null })
                    }
                  >
                    <option value="">Choose a revision</option>
                    {options}
                  </select>
                </label>
              )}
              <label className="studio-field">
                Weight of arm {String.fromCharCode(65 + i)} (%)
                <input
                  type="number"
                  min={1}
                  max={99}
                  value={a.weight}
                  onChange={(e) => setArm(i, { weight: Number(e.target.value) })}
                />
              </label>
              {i > 1 && (
                <button type="button" onClick={() => setArms(arms.filter((_, j) => j !== i))}>
                  Remove
                </button>
              )}
            </div>
          ))}
          {arms.length < 6 && (
            <button type="button" onClick={() => setArms([...arms, { revisionId: null, weight: 0 }])}>
              Add an arm
            </button>
          )}
          <p className="studio-hint" role="status">
            Weights add up to {total}%{total === 100 ? '' : ' (they must add up to 100%)'}.
          </p>
        </div>
      ) : (
        <>
          <label className="studio-field">
            New revision
            <select
              value={arms[1]!.revisionId ?? ''}
              onChange={(e) => setArm(1, { revisionId: e.target.value ? Number(e.target.value) : null })}
            >
              <option value="">Choose a revision</option>
              {options}
            </select>
          </label>
          <label className="studio-field">
            Share of borrowers who get it (%)
            <input
              type="number"
              min={1}
              max={99}
              value={percent}
              onChange={(e) => setPercent(Number(e.target.value))}
            />
          </label>
        </>
      )}
      <label className="studio-field">
        Goal event (what counts as a conversion)
        <input
          list="experiment-goals"
          value={goal}
          maxLength={100}
          onChange={(e) => setGoal(e.target.value)}
        />
        <datalist id="experiment-goals">
          {GOALS.map((g) => (
            <option key={g} value={g} />
          ))}
        </datalist>
      </label>
      <label className="studio-field">
        Borrowers you expect in it (the test is most sensitive there)
        <input type="number" min={100} value={planned} onChange={(e) => setPlanned(Number(e.target.value))} />
      </label>
      <label className="studio-field">
        Name
        <input
          value={name}
          maxLength={100}
          placeholder={screen ? `${screen} ${kind}` : ''}
          onChange={(e) => setName(e.target.value)}
        />
      </label>
      {state.error && (
        <p className="studio-alert" role="alert">
          Not started: {state.error}
        </p>
      )}
      <div className="studio-filters">
        <button type="button" className="studio-primary" disabled={!screen} onClick={() => void start()}>
          {state.busy ? 'Starting…' : kind === 'rollout' ? 'Start the rollout' : 'Start the experiment'}
        </button>
        <button type="button" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </fieldset>
  );
}
