/**
 * The `ziteExecution` trigger (spec 001 §3 `{flowPublicIdentifier, inputs}` — "inputs (a map; the edit view lists
 * the input names read-only)"; §2 "hidden from this picker"; §4 "always complete"): the app builder (Zite) runs the
 * workflow with its inputs. Formloom has no app builder yet, so nothing starts such runs; the template is accepted,
 * shown read-only, and never offered in the trigger picker.
 */
import { z } from 'zod';
import * as copy from '../../copy';
import { defineTrigger } from '../define';

/** spec 001 §3: the ziteExecution trigger template; `inputs` maps an input's name to its description or type. */
export const ZiteExecutionTriggerTemplate = z.object({
  flowPublicIdentifier: z.string().min(1),
  inputs: z.record(z.string().max(200), z.unknown()).default({}),
});
/** A ziteExecution trigger template. */
export type ZiteExecutionTriggerTemplate = z.infer<typeof ZiteExecutionTriggerTemplate>;

/** The ziteExecution trigger (see the module doc). */
export const ziteExecutionTrigger = defineTrigger({
  type: 'ziteExecution',
  schema: ZiteExecutionTriggerTemplate,
  defaultTemplate: ({ flowPublicIdentifier }): ZiteExecutionTriggerTemplate => ({ flowPublicIdentifier, inputs: {} }),
  rules: () => [],
  describe: () => copy.workflowTriggers.whenExecuted,
});
