/**
 * The AI provider port of the `ai` node (docs/architecture.md "workflows-engine", spec 001 §7 "AI nodes send data to
 * an external AI provider by API"): {@link AiProvider} — one chat completion, a system and a user message in, the
 * answer's text out — and its one adapter, {@link createOpenAiProvider}, for any server that speaks OpenAI's chat
 * completions API (OpenAI itself, Azure's and other gateways, vLLM, Ollama, LM Studio …), built on the `openai`
 * package with the operator's `baseURL`.
 *
 * **Configuration** (operator settings, `config.ts`; {@link aiSettingsFromConfig}): `AI_BASE_URL`, `AI_API_KEY` (a
 * secret), `AI_MODEL`, `AI_TIMEOUT_MS`, `AI_RESPONSE_FORMAT`. With neither a base URL nor a key there is no provider:
 * AI steps fail with `copy.ai.notConfigured`. The package's own environment variables (`OPENAI_API_KEY`,
 * `OPENAI_BASE_URL`, `OPENAI_ORG_ID` …) are never read: what the engine sends where is the operator's `AI_*` only.
 *
 * **Network.** Requests go through the kit's outbound guard (`@formloom/kit/outbound-http` `sendOutbound`, given to
 * the package as its `fetch`): the operator chose the provider's URL, so its host is let through even when it is
 * private or plain `http://` (a model server inside the network), but never a cloud metadata address; redirects are
 * checked, the answer is at most 1 MiB, and the whole exchange takes at most `AI_TIMEOUT_MS`. The package retries
 * twice on 408, 409, 429 and 5xx answers and on network errors, with its backoff (and the provider's
 * `retry-after`).
 *
 * **Secrets.** The key travels in the `Authorization` header only. An error's text (which may come from the provider
 * or a proxy in front of it) is cut to {@link AI_ERROR_MAX_CHARS} characters and has the key replaced by
 * `[redacted]` before anyone sees it ({@link AiProviderError}); the package logs nothing (`logLevel: 'off'`); the
 * service's logs redact `AI_API_KEY` (`@formloom/kit/logger`).
 */
import OpenAI from 'openai';
import type { ChatCompletionCreateParamsNonStreaming } from 'openai/resources/chat/completions';
import * as copy from '@formloom/contracts/copy';
import { ConfigError } from '@formloom/kit/config';
import { OutboundRequestFailed, OutboundUrlRefused, parseAllowedHosts, sendOutbound, type AllowedHost } from '@formloom/kit/outbound-http';
import type { EngineConfig } from './config';

/** The model used with OpenAI's own API when the operator names none (`AI_MODEL`). */
export const OPENAI_DEFAULT_MODEL = 'gpt-4o-mini';
/** The longest error text an AI step shows (characters); longer ones are cut with '…'. */
export const AI_ERROR_MAX_CHARS = 300;
/** The largest answer accepted from the provider (bytes; 1 MiB, the outbound guard's default). */
export const AI_MAX_RESPONSE_BYTES = 1024 * 1024;

/**
 * How structured answers are asked for (`AI_RESPONSE_FORMAT`): `json_schema` (the API's structured outputs, the
 * answer constrained to the schema), `json_object` (JSON mode: any JSON object), or `text` (nothing but the prompt).
 */
export type AiResponseFormat = EngineConfig['AI_RESPONSE_FORMAT'];

/** One request to the provider. */
export interface AiRequest {
  /** The instructions (the system message). */
  system: string;
  /** The text to work on, or the builder's prompt with its context (the user message). */
  user: string;
  /**
   * Ask for a JSON answer following `schema` (a JSON Schema object; `name` is its identifier, `[A-Za-z0-9_-]`):
   * sent as the API's structured output or JSON mode per `AI_RESPONSE_FORMAT`. The caller still checks the answer.
   */
  json?: { name: string; schema: Record<string, unknown> };
}

/**
 * The AI provider port: one chat completion. Implementations resolve the answer's text ('' when the model gave
 * none) and throw {@link AiProviderError} — a message safe to show the user — for every failure.
 */
export interface AiProvider {
  /** The model asked (`AI_MODEL`), for the step's output and logs. */
  readonly model: string;
  /** @throws AiProviderError with the provider's (or the network's) reason, the key redacted. */
  complete(request: AiRequest): Promise<string>;
}

/** A failed request to the provider; `message` is safe to show (cut, the key redacted). */
export class AiProviderError extends Error {
  constructor(
    message: string,
    /** The provider's HTTP status, when it answered. */
    readonly status?: number,
  ) {
    super(message);
    this.name = 'AiProviderError';
  }
}

/** The operator's AI settings, resolved (see {@link aiSettingsFromConfig}). */
export interface AiSettings {
  /** The API's base URL (…/v1). */
  baseUrl: string;
  /** The API key; `undefined` for a server that needs none. */
  apiKey: string | undefined;
  model: string;
  /** Time allowed for one request (ms). */
  timeoutMs: number;
  responseFormat: AiResponseFormat;
}

/**
 * The AI settings of the engine's configuration, or `null` when no provider is configured (neither `AI_BASE_URL`
 * nor `AI_API_KEY`). Without `AI_BASE_URL` the provider is OpenAI (`https://api.openai.com/v1`) and the model
 * defaults to {@link OPENAI_DEFAULT_MODEL}.
 * @throws ConfigError when `AI_BASE_URL` comes without `AI_MODEL` (another server's models have other names), or
 *   `AI_MODEL` without a provider.
 */
export function aiSettingsFromConfig(config: Pick<EngineConfig, 'AI_BASE_URL' | 'AI_API_KEY' | 'AI_MODEL' | 'AI_TIMEOUT_MS' | 'AI_RESPONSE_FORMAT'>): AiSettings | null {
  if (config.AI_BASE_URL === undefined && config.AI_API_KEY === undefined) {
    if (config.AI_MODEL !== undefined) {
      throw new ConfigError('Invalid configuration:\nAI_MODEL: set AI_API_KEY (OpenAI) or AI_BASE_URL (another OpenAI-compatible server) too, or unset it');
    }
    return null;
  }
  if (config.AI_BASE_URL !== undefined && config.AI_MODEL === undefined) {
    throw new ConfigError('Invalid configuration:\nAI_MODEL: required with AI_BASE_URL (the model the AI steps use on that server)');
  }
  return {
    baseUrl: config.AI_BASE_URL ?? 'https://api.openai.com/v1',
    apiKey: config.AI_API_KEY,
    model: config.AI_MODEL ?? OPENAI_DEFAULT_MODEL,
    timeoutMs: config.AI_TIMEOUT_MS,
    responseFormat: config.AI_RESPONSE_FORMAT,
  };
}

/** `text` with every occurrence of `secret` replaced by `[redacted]`, whitespace collapsed, cut to {@link AI_ERROR_MAX_CHARS}. */
export function safeErrorText(text: string, secret: string | undefined): string {
  const redacted = secret ? text.split(secret).join('[redacted]') : text;
  const flat = redacted.replace(/\s+/g, ' ').trim();
  return flat.length > AI_ERROR_MAX_CHARS ? `${flat.slice(0, AI_ERROR_MAX_CHARS - 1)}…` : flat;
}

/** The reason of a failure of the `openai` package, for the user (before redaction). */
function reasonOf(error: unknown): { reason: string; status?: number } {
  if (error instanceof OpenAI.APIError && error.status !== undefined) {
    // `message` is '<status> <provider's message>' (or the status alone when the answer had no body).
    return { reason: error.message, status: error.status };
  }
  if (error instanceof OpenAI.APIConnectionTimeoutError) return { reason: 'the provider did not answer in time' };
  if (error instanceof OpenAI.APIConnectionError) {
    const cause = (error as { cause?: unknown }).cause;
    if (cause instanceof OutboundRequestFailed || cause instanceof OutboundUrlRefused) return { reason: cause.message };
    return { reason: error.message };
  }
  return { reason: error instanceof Error ? error.message : String(error) };
}

/**
 * The `fetch` the `openai` package sends with: the kit's {@link sendOutbound} (see the module doc), the provider's
 * host allowed; the answer handed back as a `Response`.
 */
function guardedFetch(allowedHosts: readonly AllowedHost[], timeoutMs: number): typeof fetch {
  return async (input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const headers: Record<string, string> = {};
    new Headers(init?.headers).forEach((value, name) => (headers[name] = value));
    const body = typeof init?.body === 'string' || init?.body instanceof Uint8Array ? init.body : undefined;
    const answer = await sendOutbound(
      url,
      { method: init?.method ?? 'GET', headers, body, signal: init?.signal ?? undefined },
      { allowedHosts, timeoutMs, maxBodyBytes: AI_MAX_RESPONSE_BYTES },
    );
    const responseHeaders = new Headers();
    for (const [name, value] of Object.entries(answer.headers)) {
      for (const item of Array.isArray(value) ? value : value === undefined ? [] : [value]) responseHeaders.append(name, item);
    }
    const empty = answer.status === 204 || answer.status === 304 || answer.status < 200;
    return new Response(empty ? null : new Uint8Array(answer.body), { status: answer.status, headers: responseHeaders });
  };
}

/**
 * The JSON instruction added to the system message when a JSON answer is asked for: JSON mode needs the word
 * "JSON" in the messages, and a plain-text model needs the shape spelt out.
 */
function jsonInstruction(schema: Record<string, unknown>): string {
  return `\n\nAnswer with one JSON object only, no other text, following this JSON schema:\n${JSON.stringify(schema)}`;
}

/**
 * The provider of `settings`: OpenAI's chat completions API at `settings.baseUrl` (see the module doc). One request
 * per {@link AiProvider.complete}: `[system, user]` messages to `settings.model`, with `response_format` per
 * `settings.responseFormat` when the request asks for JSON.
 */
export function createOpenAiProvider(settings: AiSettings): AiProvider {
  const allowedHosts = parseAllowedHosts(new URL(settings.baseUrl).host);
  const client = new OpenAI({
    baseURL: settings.baseUrl,
    // A server without keys gets no Authorization header at all (the header is removed below).
    apiKey: settings.apiKey ?? 'no-key',
    organization: null,
    project: null,
    timeout: settings.timeoutMs,
    maxRetries: 2,
    logLevel: 'off',
    fetch: guardedFetch(allowedHosts, settings.timeoutMs),
    ...(settings.apiKey === undefined ? { defaultHeaders: { Authorization: null } } : {}),
  });
  return {
    model: settings.model,
    async complete(request) {
      const system = request.json && settings.responseFormat !== 'json_schema' ? `${request.system}${jsonInstruction(request.json.schema)}` : request.system;
      const params: ChatCompletionCreateParamsNonStreaming = {
        model: settings.model,
        messages: [
          { role: 'system', content: system },
          { role: 'user', content: request.user },
        ],
      };
      if (request.json && settings.responseFormat === 'json_schema') {
        params.response_format = { type: 'json_schema', json_schema: { name: request.json.name, schema: request.json.schema, strict: true } };
      } else if (request.json && settings.responseFormat === 'json_object') {
        params.response_format = { type: 'json_object' };
      }
      try {
        const completion = await client.chat.completions.create(params);
        const message = completion.choices?.[0]?.message;
        if (message?.refusal) throw new AiProviderError(copy.ai.providerFailed(safeErrorText(`the model refused: ${message.refusal}`, settings.apiKey)));
        return message?.content ?? '';
      } catch (error) {
        if (error instanceof AiProviderError) throw error;
        const { reason, status } = reasonOf(error);
        throw new AiProviderError(copy.ai.providerFailed(safeErrorText(reason, settings.apiKey)), status);
      }
    },
  };
}
