import type { BlockProps } from '../block';
import type { SwitchBlock } from '../types.gen';
import { useEval } from '../hooks';
import { looseEquals } from '../expr/values';
import { Blocks } from '../Blocks';

export default function Switch({ block, path, frame }: BlockProps<SwitchBlock>) {
  const evaluate = useEval(frame);
  const value = evaluate(block.on);
  const cases = Array.isArray(block.cases) ? block.cases : [];
  const at = cases.findIndex((c) => Array.isArray(c.in) && c.in.some((v) => looseEquals(value, evaluate(v))));
  if (at < 0) return <Blocks blocks={block.default} path={`${path}/default`} frame={frame} />;
  return <Blocks key={at} blocks={cases[at]!.body} path={`${path}/cases/${at}/body`} frame={frame} />;
}
