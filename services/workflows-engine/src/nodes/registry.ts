/**
 * The node executors the run worker knows: one line per node type (docs/architecture.md "Adding a node
 * type"). A node type without an executor fails its step with 'The "<type>" step is not supported yet'.
 * Every node type the contracts implement (`NODE_DEFINITIONS`) must have one here: a missing entry does not
 * compile ({@link EveryImplementedTypeHasAnExecutor}).
 */
import type { ImplementedNodeType } from '@formloom/contracts/workflows/nodes/registry';
import { codeExecutor } from './code';
import { emailExecutor } from './email';
import type { NodeExecutor } from './executor';
import { webhookExecutor } from './webhook';

/** Every node executor, one line per type. */
export const NODE_EXECUTORS = [
  emailExecutor,
  webhookExecutor,
  codeExecutor,
] as const satisfies readonly NodeExecutor[];

/** `true` when every implemented node type has an executor in {@link NODE_EXECUTORS}; `never` otherwise. */
export type EveryImplementedTypeHasAnExecutor = [Exclude<ImplementedNodeType, (typeof NODE_EXECUTORS)[number]['type']>] extends [never] ? true : never;
/** Fails to compile when an implemented node type has no executor. */
export const everyImplementedTypeHasAnExecutor: EveryImplementedTypeHasAnExecutor = true;
