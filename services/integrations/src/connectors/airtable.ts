/**
 * Airtable's connector (Airtable Web API, https://airtable.com/developers/web/api): a personal access token sent as
 * `Authorization: Bearer`. The account check is `GET /v0/meta/whoami` ("Get user info": `id`, `scopes`, and `email`
 * with the `user.email:read` scope). Errors come as `{"error": {"type", "message"}}` (or `{"error": "TYPE"}`); a 429
 * asks to wait 30 seconds. Airtable's own SDK (airtable.js) covers records only, so this is plain HTTP.
 */
import { z } from 'zod';
import { ProviderError, retryAfterMs, type Connector, type ConnectorContext } from './types';

/** Airtable's documented wait after a 429 when the answer names none (ms). */
const AIRTABLE_RATE_LIMIT_WAIT_MS = 30_000;

/** The parts of `GET /v0/meta/whoami`'s answer we read. */
const WhoAmI = z.object({ id: z.string(), scopes: z.array(z.string()).optional(), email: z.string().optional() });

/** Airtable's error body's message (`error.message`, or `error` itself when a string). */
function errorMessage(body: unknown, status: number): string {
  const error = (body as { error?: unknown } | null)?.error;
  if (typeof error === 'string') return error;
  const message = (error as { message?: unknown } | undefined)?.message;
  return typeof message === 'string' ? message : `HTTP ${status}`;
}

/**
 * Calls `path` of Airtable's API with `token`, answering the parsed JSON.
 * @throws ProviderError (`rejected` on 401/403, `rateLimited` on 429, `unreachable` otherwise)
 */
export async function airtableRequest(path: string, token: string, context: ConnectorContext, init: RequestInit = {}): Promise<unknown> {
  let response: Response;
  try {
    response = await fetch(`${context.baseUrl}${path}`, {
      ...init,
      headers: { ...init.headers, authorization: `Bearer ${token}`, accept: 'application/json' },
      signal: AbortSignal.timeout(context.timeoutMs),
    });
  } catch (error) {
    const timedOut = (error as Error).name === 'TimeoutError';
    throw new ProviderError('unreachable', timedOut ? `no answer within ${context.timeoutMs} ms` : 'the connection failed');
  }
  const body: unknown = await response.json().catch(() => null);
  if (response.ok) return body;
  const detail = errorMessage(body, response.status);
  if (response.status === 404) throw new ProviderError('invalid', detail, { status: 404 });
  if (response.status === 401 || response.status === 403) throw new ProviderError('rejected', detail, { status: response.status });
  if (response.status === 429) {
    throw new ProviderError('rateLimited', detail, { status: 429, retryAfterMs: retryAfterMs(response.headers.get('retry-after')) ?? AIRTABLE_RATE_LIMIT_WAIT_MS });
  }
  throw new ProviderError('unreachable', detail, { status: response.status });
}

/** The parts of `GET /v0/meta/bases` we read (paged by `offset`). */
const BasesPage = z.object({ bases: z.array(z.object({ id: z.string(), name: z.string(), permissionLevel: z.string() })), offset: z.string().optional() });
/** The parts of `GET /v0/meta/bases/{baseId}/tables` we read. */
const TablesAnswer = z.object({
  tables: z.array(
    z.object({ id: z.string(), name: z.string(), primaryFieldId: z.string(), fields: z.array(z.object({ id: z.string(), name: z.string(), type: z.string() })) }),
  ),
});

/**
 * Every base the token reaches (`GET /v0/meta/bases`, "List bases", following `offset` pages).
 * @throws ProviderError
 */
export async function listBases(token: string, context: ConnectorContext): Promise<z.infer<typeof BasesPage>['bases']> {
  const bases: z.infer<typeof BasesPage>['bases'] = [];
  let offset: string | undefined;
  do {
    const page = BasesPage.safeParse(await airtableRequest(`/v0/meta/bases${offset ? `?offset=${encodeURIComponent(offset)}` : ''}`, token, context));
    if (!page.success) throw new ProviderError('unreachable', 'an unexpected answer to /v0/meta/bases');
    bases.push(...page.data.bases);
    offset = page.data.offset;
  } while (offset);
  return bases;
}

/**
 * A base's tables with their fields (`GET /v0/meta/bases/{baseId}/tables`, "Get base schema").
 * @throws ProviderError (`invalid` when Airtable does not know the base for this token)
 */
export async function listTables(token: string, context: ConnectorContext, baseId: string): Promise<z.infer<typeof TablesAnswer>['tables']> {
  let answer: unknown;
  try {
    answer = await airtableRequest(`/v0/meta/bases/${encodeURIComponent(baseId)}/tables`, token, context);
  } catch (error) {
    // A base the token does not reach answers 403 (`INVALID_PERMISSIONS_OR_MODEL_NOT_FOUND`) or 404: the base is the
    // problem, not the token (a bad token answers 401).
    if (error instanceof ProviderError && (error.options.status === 404 || error.options.status === 403)) {
      throw new ProviderError('invalid', error.detail, error.options);
    }
    throw error;
  }
  const parsed = TablesAnswer.safeParse(answer);
  if (!parsed.success) throw new ProviderError('unreachable', 'an unexpected answer to the base schema');
  return parsed.data.tables;
}

/** See the module doc. */
export const airtableConnector: Connector = {
  type: 'airtable',
  defaultBaseUrl: 'https://api.airtable.com',
  async check(config, context) {
    const answer = WhoAmI.safeParse(await airtableRequest('/v0/meta/whoami', config.apiKey ?? '', context));
    if (!answer.success) throw new ProviderError('unreachable', 'an unexpected answer to /v0/meta/whoami');
    const { email, scopes } = answer.data;
    return { sessionState: { ...(email ? { email } : {}), ...(scopes ? { scopes } : {}) } };
  },
};
