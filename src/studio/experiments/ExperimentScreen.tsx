// One rollout or experiment: its arms and where each stands for the chosen goal (exposures,
// conversions, rate with its interval, the difference against the control with its always-valid
// interval and the verdict), the sample-ratio warning, a chart per arm over time, and the actions:
// stop (everyone back to the control), promote an arm (publish it), and for rollouts a new share.
import { useCallback, useEffect, useState } from 'react';
import type { StudioApi } from '../api';
import { showTime } from '../publishing/time';
import { ResultsChart } from './ResultsChart';
import { LeftOut, QualityWarnings } from './ResultsQuality';
import './experiments.css';
import {
  STATUS_BADGE,
  STATUS_LABEL,
  armName,
  percent,
  type ArmResult,
  type Experiment,
  type Results,
} from './types';

const VERDICT: Record<ArmResult['verdict'], string> = {
  control: 'control',
  better: 'better: significant',
  worse: 'worse: significant',
  unclear: 'no significant difference yet',
  'too-few': 'too few borrowers yet',
};

const points = (value: number) => `${value >= 0 ? '+' : ''}${(value * 100).toFixed(1)} pts`;

export function ExperimentScreen({ api, experimentId }: { api: StudioApi; experimentId: number }) {
  const [exp, setExp] = useState<Experiment | null>(null);
  const [results, setResults] = useState<Results | null>(null);
  const [goal, setGoal] = useState('');
  const [share, setShare] = useState('');
  const [message, setMessage] = useState('');
  const [missing, setMissing] = useState('');
  const zone = api.session.timeZone;

  const load = useCallback(async () => {
    const reply = await api.call<{ experiment: Experiment }>('GET', `/experiments/${experimentId}`);
    if (!reply.ok) return setMissing(reply.message);
    setExp(reply.body.experiment);
  }, [api, experimentId]);
  const loadResults = useCallback(async () => {
    const query = goal ? `?goal=${encodeURIComponent(goal)}` : '';
    const reply = await api.call<{ results: Results }>('GET', `/experiments/${experimentId}/results${query}`);
    if (reply.ok) setResults(reply.body.results);
  }, [api, experimentId, goal]);
  useEffect(() => void load(), [load]);
  useEffect(() => void loadResults(), [loadResults]);

  const act = async (path: string, body: object, done: string, confirmText: string) => {
    if (!window.confirm(confirmText)) return;
    const reply = await api.call('POST', `/experiments/${experimentId}/${path}`, body);
    setMessage(reply.ok ? done : `Not done: ${reply.message}`);
    await load();
    await loadResults();
  };

  if (missing) return <p className="studio-alert">{missing}</p>;
  if (!exp) return <p className="studio-loading">Loading…</p>;
  const running = exp.status === 'running';
  const canEnd = api.canPublish && exp.status !== 'promoted';
  const srm = results?.sampleRatio;

  return (
    <section className="studio-page-body studio-experiment" aria-label={`Experiment ${exp.id}`}>
      <div className="studio-toolbar">
        <h2>
          {exp.name} <span className="studio-hint">#{exp.id}</span>
        </h2>
        <span className="studio-badge" data-status={STATUS_BADGE[exp.status]}>
          {STATUS_LABEL[exp.status]}
        </span>
      </div>
      <p>
        {exp.kind === 'rollout' ? 'Staged rollout' : 'Experiment'} on{' '}
        <a href={`#${exp.screen}`}>{exp.screen}</a>, started {showTime(exp.startedAt, zone)} by{' '}
        {exp.startedBy}
        {exp.endedAt ? `; ended ${showTime(exp.endedAt, zone)} by ${exp.endedBy}` : ''}
        {exp.winner ? `; ${armName(exp.winner)} promoted` : ''}.
      </p>
      {message && <p role="status">{message}</p>}

      <div className="studio-filters">
        <label className="studio-field">
          Goal event
          <select value={goal || results?.goal || exp.goal} onChange={(e) => setGoal(e.target.value)}>
            {(results?.goals ?? [exp.goal]).map((g) => (
              <option key={g} value={g}>
                {g}
              </option>
            ))}
          </select>
        </label>
      </div>

      {srm?.mismatch && (
        <p className="studio-alert" role="alert">
          Sample ratio mismatch: the exposures do not match the weights (chi-square {srm.chiSquare.toFixed(1)}
          , p = {srm.pValue.toExponential(1)}). Something is sending borrowers to one arm more than the
          weights say (caching, redirects, a broken variant): do not trust these results until that is found.
        </p>
      )}
      {results && <QualityWarnings results={results} />}
      {results && (
        <table className="studio-table" aria-label="Results">
          <thead>
            <tr>
              <th>Arm</th>
              <th>Revision</th>
              <th>Weight</th>
              <th>Exposures</th>
              <th>Conversions</th>
              <th>Conversion rate (95% interval)</th>
              <th>Against the control (always-valid interval)</th>
              <th>Verdict</th>
            </tr>
          </thead>
          <tbody>
            {results.arms.map((a) => (
              <tr key={a.arm} data-arm={a.arm}>
                <th scope="row">{armName(a.arm)}</th>
                <td>{a.revisionId === null ? 'live' : a.revisionId}</td>
                <td>{a.weight}%</td>
                <td>{a.exposures}</td>
                <td>{a.conversions}</td>
                <td>
                  {percent(a.rate)}
                  {a.rateInterval && ` (${percent(a.rateInterval.low)} – ${percent(a.rateInterval.high)})`}
                </td>
                <td>
                  {a.effect
                    ? `${points(a.effect.difference)} (${points(a.effect.interval.low)} to ${points(a.effect.interval.high)})` +
                      (a.effect.lift === null
                        ? ''
                        : `, ${a.effect.lift >= 0 ? '+' : ''}${(a.effect.lift * 100).toFixed(0)}%`)
                    : ''}
                </td>
                <td data-verdict={a.verdict}>{VERDICT[a.verdict]}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {results && (
        <p className="studio-hint">
          Exposures: borrowers the server served that arm and whose page showed it; conversions: those of them
          who then {results.quality.goalRecordedBy === 'server' ? 'did' : 'sent'} “{results.goal}”.
          Significance by a sequential test ({results.method.name}), valid however often the results are
          looked at; 95% overall{results.arms.length > 2 ? ', shared among the arms' : ''}, tuned for{' '}
          {results.method.planned} borrowers; no verdict under {results.method.minExposures} exposures per
          arm.
          {srm && !srm.mismatch && ` The split matches the weights (p = ${srm.pValue.toFixed(2)}).`}
          {results.sampleRatioNote ? ` No sample-ratio check: ${results.sampleRatioNote}.` : ''}
        </p>
      )}
      {results && <LeftOut results={results} />}
      {results?.winner && results.winner !== 'a' && (
        <p className="studio-notice-box" role="note">
          {armName(results.winner)} converts significantly better than the control.
        </p>
      )}
      {results && results.days.length > 0 && (
        <div className="studio-columns">
          <ResultsChart results={results} series="rate" title="Conversion rate per arm, cumulative (%)" />
          <ResultsChart results={results} series="exposures" title="Borrowers exposed per arm, cumulative" />
        </div>
      )}

      {canEnd && (
        <fieldset className="studio-form" aria-label="End or change">
          <legend>End or change</legend>
          {running && (
            <div className="studio-filters">
              <button
                type="button"
                className="studio-danger"
                onClick={() =>
                  void act(
                    'stop',
                    {},
                    'Stopped: every borrower gets the live revision',
                    'Stop it and send everyone back to the live revision?',
                  )
                }
              >
                Stop: everyone back to the control
              </button>
            </div>
          )}
          <div className="studio-filters">
            {exp.arms.map((a) => (
              <button
                key={a.arm}
                type="button"
                className={results?.winner === a.arm ? 'studio-primary' : undefined}
                onClick={() =>
                  void act(
                    'promote',
                    { arm: a.arm },
                    a.revisionId === null
                      ? 'Ended: the live revision stays'
                      : `Promoted ${armName(a.arm)}: every borrower gets it`,
                    a.revisionId === null
                      ? 'End it and keep the live revision for everyone?'
                      : `Publish revision ${a.revisionId} (${armName(a.arm)}) to every borrower?`,
                  )
                }
              >
                Promote {armName(a.arm)}
              </button>
            ))}
          </div>
          {running && exp.kind === 'rollout' && (
            <div className="studio-filters">
              <label className="studio-field">
                New share (%)
                <input
                  type="number"
                  min={1}
                  max={99}
                  value={share}
                  onChange={(e) => setShare(e.target.value)}
                />
              </label>
              <button
                type="button"
                disabled={!share}
                onClick={() =>
                  void act(
                    'ramp',
                    { percent: Number(share) },
                    `Now ${share}% get it`,
                    `Give the new revision to ${share}% of borrowers?`,
                  )
                }
              >
                Change the share
              </button>
            </div>
          )}
        </fieldset>
      )}
      {exp.changes && (
        <ol className="studio-events" aria-label="What happened">
          {exp.changes.map((c, i) => (
            <li key={i}>
              <time>{showTime(c.at, zone)}</time> {c.actor}: {c.action}
              {c.action === 'ramp' ? ` ${String(c.detail.from)}% → ${String(c.detail.to)}%` : ''}
              {c.action === 'promote' ? ` ${armName(String(c.detail.arm))}` : ''}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
