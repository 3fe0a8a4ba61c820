import type { BlockProps } from '../block';
import type { TextBlock } from '../types.gen';
import { useEval } from '../hooks';
import { toText } from '../expr/values';
import { styleClass } from '../style';

const TAGS = { title: 'h1', subtitle: 'h2', body: 'p', caption: 'p', hint: 'p' } as const;

export default function Text({ block, frame }: BlockProps<TextBlock>) {
  const evaluate = useEval(frame);
  const variant = block.variant ?? 'body';
  const Tag = TAGS[variant];
  return (
    <Tag className={`blk-text text-${variant} ${styleClass(block.style)}`}>
      {toText(evaluate(block.text))}
    </Tag>
  );
}
