/**
 * The engine's view of the integrations service (its internal API, `@formloom/contracts/api/integrations/internal`):
 * integration steps ask it to act with a connected account — the engine never holds credentials — passing the step's
 * idempotency key, so a step run again after a crash or a retry does not act twice.
 */
import { runServiceAction, type ServiceActionBody } from '@formloom/contracts/api/integrations/internal';
import type { InternalClient } from '@formloom/kit/internal-client';

/**
 * What an action came to: its output (`replayed` when an earlier attempt of the step had already done it), or a
 * refusal the user must act on (`message`: the account is gone, the provider refused the request or the
 * credentials), or `retry` — the action is still running elsewhere or the provider cannot answer now.
 */
export type ActionOutcome =
  | { kind: 'done'; output: Record<string, unknown>; replayed: boolean }
  | { kind: 'refused'; message: string }
  | { kind: 'retry'; message: string };

/** The integrations service, as the engine uses it. */
export interface IntegrationsApi {
  /**
   * Runs an action with connection `serviceId` (see {@link ActionOutcome}).
   * @throws DomainError `unavailable` when the integrations service cannot be reached
   */
  runAction(serviceId: string, body: ServiceActionBody): Promise<ActionOutcome>;
}

/** The {@link IntegrationsApi} over an internal client of the integrations service. */
export function createIntegrationsApi(integrations: InternalClient): IntegrationsApi {
  return {
    async runAction(serviceId, body) {
      const result = await integrations.call(runServiceAction, { params: { serviceId }, body });
      if (result.ok) return { kind: 'done', output: result.data.output, replayed: result.data.replayed };
      if (result.refusal.status === 409 || result.refusal.status === 429) return { kind: 'retry', message: result.refusal.error.message };
      return { kind: 'refused', message: result.refusal.error.message };
    },
  };
}
