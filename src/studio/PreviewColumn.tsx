// The studio's right-hand column: which screen a part is shown in, the scenario the phone runs,
// the "Select in phone" switch, and the phone itself (Preview). Its state lives in Studio.tsx,
// which also hands the selection to the outline and the text.
import type { ComponentProps } from 'react';
import { PartScreenSelect } from './PartScreenSelect';
import { Preview } from './Preview';
import type { Scenario } from './shared/protocol';

interface Props {
  /** A part is shown inside one of the screens that use it: which. Null for a screen. */
  partIn: { screens: string[]; value: string; onChange(id: string): void } | null;
  /** Null while no document is open. */
  scenarios: Scenario[] | null;
  scenarioIndex: number;
  onScenario(index: number): void;
  scenarioProblem: string | undefined;
  picking: boolean;
  onPicking(): void;
  /** The phone, as Studio.tsx runs it. */
  preview: Omit<ComponentProps<typeof Preview>, 'picking'>;
}

export function PreviewColumn(props: Props) {
  const { partIn, scenarios, scenarioIndex, picking } = props;
  return (
    <aside className="studio-preview" aria-label="Preview">
      <div className="studio-preview-bar">
        {partIn && (
          <PartScreenSelect screens={partIn.screens} value={partIn.value} onChange={partIn.onChange} />
        )}
        <label className="studio-scenario">
          Scenario{' '}
          <select value={scenarioIndex} onChange={(e) => props.onScenario(Number(e.target.value))}>
            {scenarios?.length === 0 && <option value={0}>No scenarios (calls fail)</option>}
            {scenarios?.map((s, i) => (
              <option key={i} value={i} title={s.description}>
                {s.name}
              </option>
            ))}
          </select>
        </label>
        <button
          type="button"
          aria-pressed={picking}
          title="Click a block in the phone to select it (off: the phone runs as on a borrower's phone)"
          onClick={props.onPicking}
        >
          Select in phone
        </button>
      </div>
      {props.scenarioProblem && <p className="studio-alert">{props.scenarioProblem}</p>}
      <Preview {...props.preview} picking={picking} />
    </aside>
  );
}
