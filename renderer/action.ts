// The contract of one action module (as block.ts is a block's): what an action is handed and what
// it answers. Type-only imports: every action imports this file and nothing that runs actions, so
// the actions sit below the runner (runActions.ts) that finds them through the registry.
import type { Engine, Frame } from './engine';
import type { UserAction } from './userAction';

/** 'stop' ends the enclosing sequence (a failed validation, for example). */
export type Outcome = 'done' | 'stop';

export interface ActionContext {
  engine: Engine;
  frame: Frame;
  /** JSON pointer of this action in the document, for reports. */
  path: string;
  evaluate(expr: unknown): unknown;
  /** Runs nested actions (branches) with this context, optionally adding frame variables. */
  run(actions: unknown, path: string, vars?: Record<string, unknown>): Promise<Outcome>;
  /**
   * Runs actions the document declares outside this sequence (a modal's onClose): at the root
   * frame, with no list-item variables and as no user's tap.
   */
  runAtRoot(actions: unknown, path: string): Promise<Outcome>;
  /** The tap or submit this sequence runs for; absent for sources, on-load actions and timers. */
  userAction?: UserAction | undefined;
}

export type ActionRunner<A = Record<string, unknown>> = (
  action: A,
  ctx: ActionContext,
) => Promise<Outcome | void> | Outcome | void;
