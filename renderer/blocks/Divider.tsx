import type { BlockProps } from '../block';
import type { DividerBlock } from '../types.gen';
import { styleClass } from '../style';
import './Divider.css';

export default function Divider({ block }: BlockProps<DividerBlock>) {
  return <hr className={`blk-divider ${block.inset ? 'is-inset' : ''} ${styleClass(block.style)}`} />;
}
