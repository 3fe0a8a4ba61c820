import type { BlockProps } from '../block';
import type { StarsBlock } from '../types.gen';
import { useActionTrigger, useEval } from '../hooks';
import { toNumber, toText } from '../expr/values';
import { styleClass } from '../style';
import { useBinding } from './form/useBinding';
import './Stars.css';

export default function Stars({ block, path, frame }: BlockProps<StarsBlock>) {
  const evaluate = useEval(frame);
  const [bound, setBound] = useBinding(block.bind, frame);
  const [onChange] = useActionTrigger(block.onChange, `${path}/onChange`, frame, true);
  const count = block.count ?? 5;
  const value = toNumber(bound);
  const label = block.label === undefined ? 'Rating' : toText(evaluate(block.label));
  return (
    <div className={`blk-stars ${styleClass(block.style)}`} role="radiogroup" aria-label={label}>
      {Array.from({ length: count }, (_, i) => {
        const n = i + 1;
        // Tapping star N chooses N: stars 1..N fill (ruling 8).
        return (
          <button
            key={n}
            type="button"
            role="radio"
            aria-checked={n === value}
            aria-label={n === 1 ? '1 star' : `${n} stars`}
            className={n <= value ? 'blk-stars-star is-filled' : 'blk-stars-star'}
            disabled={block.readOnly}
            onClick={() => {
              setBound(n);
              if (block.onChange) void onChange();
            }}
          >
            ★
          </button>
        );
      })}
    </div>
  );
}
