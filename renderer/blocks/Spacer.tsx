import type { BlockProps } from '../block';
import type { SpacerBlock } from '../types.gen';
import './Spacer.css';

export default function Spacer({ block }: BlockProps<SpacerBlock>) {
  return <div className={`blk-spacer blk-spacer-${block.size ?? 'md'}`} aria-hidden="true" />;
}
