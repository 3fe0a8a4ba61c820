import type { BlockProps } from '../block';
import type { CodeBoxBlock } from '../types.gen';
import { useEngine } from '../engine';
import { useActionTrigger, useEval } from '../hooks';
import { toText } from '../expr/values';
import { styleClass } from '../style';
import './CodeBox.css';

export default function CodeBox({ block, path, frame }: BlockProps<CodeBoxBlock>) {
  const engine = useEngine();
  const evaluate = useEval(frame);
  const [onTap] = useActionTrigger(block.onTap, `${path}/onTap`, frame);
  const code = toText(evaluate(block.code));
  const label = block.label === undefined ? '' : toText(evaluate(block.label));
  const copyLabel = block.copyLabel === undefined ? '' : toText(evaluate(block.copyLabel));

  // The host falls back to execCommand where the clipboard API is missing (D-57); toast only on success.
  const copy = async () => {
    if (!code) return;
    const copied = await engine.host.clipboard(code).catch(() => false);
    if (copied && !engine.signal.aborted)
      engine.host.toast(toText(evaluate(block.copiedToast ?? 'copy success')));
  };
  const tapCode = () => {
    if (block.tapToCopy) void copy();
    if (block.onTap) void onTap();
  };
  const tappable = block.tapToCopy || block.onTap !== undefined;

  return (
    <div className={`blk-codeBox ${styleClass(block.style)}`}>
      {label && <span className="blk-codeBox-label">{label}</span>}
      <div className="blk-codeBox-row">
        {tappable ? (
          <button
            type="button"
            className="blk-codeBox-code"
            aria-label={block.tapToCopy ? `${label ? `${label} ` : ''}${code}, tap to copy` : undefined}
            onClick={tapCode}
          >
            {code}
          </button>
        ) : (
          <span className="blk-codeBox-code">{code}</span>
        )}
        {copyLabel && (
          <button type="button" className="blk-codeBox-copy" onClick={() => void copy()}>
            {copyLabel}
          </button>
        )}
      </div>
    </div>
  );
}
