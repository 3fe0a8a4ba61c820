// The contract of one block component.
import type { ComponentType } from 'react';
import type { Frame } from './engine';

export interface BlockProps<B = Record<string, unknown>> {
  block: B;
  /** JSON pointer of this block in the document. */
  path: string;
  frame: Frame;
}

export type BlockComponent<B = Record<string, unknown>> = ComponentType<BlockProps<B>>;
