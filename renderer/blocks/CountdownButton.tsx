import type { BlockProps } from '../block';
import type { CountdownButtonBlock } from '../types.gen';
import { useEngine } from '../engine';
import type { ScreenState } from '../store/store';
import { useActionTrigger, useEval, useStateAt } from '../hooks';
import { toText } from '../expr/values';
import { styleClass } from '../style';
import './CountdownButton.css';

export default function CountdownButton({ block, path, frame }: BlockProps<CountdownButtonBlock>) {
  const engine = useEngine();
  const evaluate = useEval(frame);
  const timers = useStateAt('timers') as ScreenState['timers'];
  const [trigger, busy] = useActionTrigger(block.onTap, `${path}/onTap`, frame);
  const counting = timers[block.timer]?.running === true;
  const label = toText(evaluate(counting ? (block.countingLabel ?? block.label) : block.label));

  const tap = () => {
    // Locked while counting: say so and send nothing (S2.1-14).
    if (counting) {
      const message = block.lockedMessage === undefined ? '' : toText(evaluate(block.lockedMessage));
      if (message) engine.host.toast(message);
      return;
    }
    void trigger();
  };

  return (
    <div className={`blk-countdownButton-wrap ${styleClass(block.style)}`}>
      {/* aria-disabled, not disabled: a tap while counting must still reach us to show the message. */}
      <button
        type="button"
        className={counting ? 'blk-countdownButton is-counting' : 'blk-countdownButton'}
        aria-disabled={counting || undefined}
        aria-busy={busy || undefined}
        onClick={tap}
      >
        {label}
      </button>
    </div>
  );
}
