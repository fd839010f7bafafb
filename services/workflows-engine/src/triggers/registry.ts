/**
 * The trigger runtimes of the engine, one line per trigger type that needs one (`runtime.ts`); types without an
 * entry only have their runs queued by the consumers.
 */
import { registryOf } from '@formloom/contracts/workflows/define';
import { formAbandonedRuntime } from './form-abandoned';
import type { RunToStart, TriggerRuntime, TriggerServices } from './runtime';

/** Every trigger runtime, one line per type. */
export const TRIGGER_RUNTIMES: readonly TriggerRuntime[] = [formAbandonedRuntime];

const runtimes = registryOf(TRIGGER_RUNTIMES);

/**
 * The run worker's `beforeFirstStep` (`worker.ts`): the run's trigger type's check, with `services`; `null` (run
 * it) for a type without one.
 */
export function beforeFirstStep(services: TriggerServices): (run: RunToStart) => Promise<string | null> {
  return async (run) => {
    const check = runtimes.find(run.template.trigger.type)?.beforeFirstStep;
    return check ? check(run, services) : null;
  };
}
