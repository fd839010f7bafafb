/**
 * The node executors the run worker knows: one line per node type (docs/architecture.md "Adding a node
 * type"). A node type without an executor fails its step with 'The "<type>" step is not supported yet'.
 * Every node type the contracts implement for the engine (`ExecutableNodeType`: `NODE_DEFINITIONS` but those
 * `NODE_DEFINITIONS_WITHOUT_EXECUTOR` — the integration steps, whose actions come with the integrations service)
 * must have one here: a missing entry does not compile ({@link EveryImplementedTypeHasAnExecutor}).
 */
import type { ExecutableNodeType } from '@formloom/contracts/workflows/nodes/registry';
import { aiExecutor } from './ai';
import { approvalExecutor } from './approval';
import { branchExecutor } from './branch';
import { delayExecutor } from './delay';
import { codeExecutor } from './code';
import { emailExecutor } from './email';
import { filterExecutor } from './filter';
import type { NodeExecutor } from './executor';
import { slackExecutor } from './slack';
import { webhookExecutor } from './webhook';

/** Every node executor, one line per type. */
export const NODE_EXECUTORS = [
  emailExecutor,
  delayExecutor,
  filterExecutor,
  branchExecutor,
  approvalExecutor,
  webhookExecutor,
  codeExecutor,
  aiExecutor,
  slackExecutor,
] as const satisfies readonly NodeExecutor[];

/** `true` when every executable node type has an executor in {@link NODE_EXECUTORS}; `never` otherwise. */
export type EveryImplementedTypeHasAnExecutor = [Exclude<ExecutableNodeType, (typeof NODE_EXECUTORS)[number]['type']>] extends [never] ? true : never;
/** Fails to compile when an implemented node type has no executor. */
export const everyImplementedTypeHasAnExecutor: EveryImplementedTypeHasAnExecutor = true;
