/**
 * The `ai` node's executor (spec 001 §3 ai template; rules and schema in `@formloom/contracts/workflows/nodes/ai`):
 * prepares the action's request from the run (`domain/ai.ts`), sends it to the operator's AI provider
 * (`services.ai`, `ai-provider.ts`) and checks the answer. An outside effect (not local): the step is written
 * `running` first and its lease kept by a heartbeat while the provider answers. A crash after the answer and before
 * the step's commit asks again when the run is reclaimed — a second answer, never a second effect elsewhere.
 *
 * Fails the step (never the worker) with: `copy.ai.notConfigured` when the engine has no provider; `copy.ai.emptyInput`
 * when the text is empty for this submission; 'AI provider: <reason>' when the provider refuses or cannot be reached
 * (its own message, the key redacted); `copy.ai.emptyAnswer`, `copy.ai.notAClassification` or `copy.ai.notTheFields`
 * when the answer is not what the action needs.
 */
import * as copy from '@formloom/contracts/copy';
import { aiNode } from '@formloom/contracts/workflows/nodes/ai';
import { AiProviderError } from '../ai-provider';
import { planAiStep } from '../domain/ai';
import { defineExecutor } from './executor';

/** The ai node's executor. */
export const aiExecutor = defineExecutor(aiNode, {
  local: () => false,
  async execute({ template, logic, trigger, services }) {
    const provider = services.ai;
    if (!provider) return { kind: 'fail', error: copy.ai.notConfigured };
    const plan = planAiStep(template, { logic, questions: trigger.data.questions });
    if (!plan.ok) return { kind: 'fail', error: plan.error };
    let answer: string;
    try {
      answer = await provider.complete(plan.request);
    } catch (error) {
      if (error instanceof AiProviderError) return { kind: 'fail', error: error.message };
      throw error;
    }
    const reading = plan.read(answer);
    return reading.ok ? { kind: 'next', output: reading.output } : { kind: 'fail', error: reading.error };
  },
});
