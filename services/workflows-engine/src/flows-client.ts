/**
 * The engine's client of flows' internal API (brief "cross-service agreements"):
 * `GET /internal/flows/:publicIdentifier` with `x-internal-token` → `{flow: {id, publicIdentifier, name, type,
 * workspaceId, organizationId, isPublished}}` or 404. Used to learn which workspace a new workflow's form
 * lives in, so that the caller's access can be checked (spec 001 §6; ARCHITECTURE §4 "every service checks
 * workspace access itself").
 */
import { INTERNAL_TOKEN_HEADER } from '@formloom/contracts/auth';
import { InternalFlowResponse } from '@formloom/contracts/http/flows';
import { unavailable } from '@formloom/kit/errors';
import { injectTraceHeaders } from '@formloom/kit/telemetry';

/** The flow as flows' internal call describes it (`@formloom/contracts/http/flows` InternalFlowResponse). */
export type InternalFlow = InternalFlowResponse['flow'];

/**
 * Looks a flow up by public identifier: the flow, or `null` when flows answers 404.
 * @throws 503 `unavailable` when flows is not configured, unreachable, slow (timeout) or answers otherwise.
 */
export type FlowLookup = (publicIdentifier: string) => Promise<InternalFlow | null>;

/** Options of {@link createFlowsClient}. */
export interface FlowsClientOptions {
  /** flows' base URL (`FLOWS_URL`), e.g. `http://127.0.0.1:3002`; undefined → every lookup answers 503. */
  baseUrl: string | undefined;
  /** The shared internal token (`INTERNAL_TOKEN`). */
  token: string | undefined;
  /** Abort the call after this many ms. */
  timeoutMs: number;
  /** Where failures are logged. */
  log: { warn(context: object, message?: string): void };
}

/** Builds a {@link FlowLookup} over global fetch. */
export function createFlowsClient(options: FlowsClientOptions): FlowLookup {
  return async (publicIdentifier) => {
    if (!options.baseUrl || !options.token) {
      options.log.warn({}, 'FLOWS_URL or INTERNAL_TOKEN is not set: cannot look flows up');
      throw unavailable();
    }
    const url = new URL(`/internal/flows/${encodeURIComponent(publicIdentifier)}`, options.baseUrl);
    let response: Response;
    try {
      response = await fetch(url, {
        headers: injectTraceHeaders({ [INTERNAL_TOKEN_HEADER]: options.token, accept: 'application/json' }),
        signal: AbortSignal.timeout(options.timeoutMs),
      });
    } catch (error) {
      options.log.warn({ err: error, url: url.toString() }, 'flows lookup failed');
      throw unavailable();
    }
    if (response.status === 404) {
      await response.body?.cancel();
      return null;
    }
    const body: unknown = await response.json().catch(() => undefined);
    const parsed = InternalFlowResponse.safeParse(body);
    if (!response.ok || !parsed.success) {
      options.log.warn({ status: response.status, url: url.toString() }, 'flows lookup answered unexpectedly');
      throw unavailable();
    }
    return parsed.data.flow;
  };
}
