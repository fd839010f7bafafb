/**
 * A local HTTP server speaking OpenAI's chat completions API (`POST /v1/chat/completions`, the documented request
 * and response shapes, and its error body `{error: {message, type, code}}`) — the AI provider at the network edge
 * for the engine's tests. Each test queues what the "model" answers; every request is recorded.
 */
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A request the server received. */
export interface ReceivedCompletion {
  headers: IncomingHttpHeaders;
  body: {
    model: string;
    messages: Array<{ role: string; content: string }>;
    response_format?: { type: string; json_schema?: { name: string; schema: Record<string, unknown>; strict?: boolean } };
  };
}

/** What the server answers next: the model's text, or an HTTP error with the provider's message. */
export type FakeAnswer = { content: string } | { status: number; message: string; raw?: string };

/** The fake provider. */
export interface FakeOpenAi {
  /** `http://127.0.0.1:<port>/v1`: the `AI_BASE_URL` to configure. */
  baseUrl: string;
  /** Every request so far, oldest first. */
  requests: ReceivedCompletion[];
  /** Queues the next answers (in order). With none queued, the server answers 'OK'. */
  answer(...answers: FakeAnswer[]): void;
  close(): Promise<void>;
}

/** Starts the fake provider on 127.0.0.1 (a free port). */
export async function startFakeOpenAi(): Promise<FakeOpenAi> {
  const requests: ReceivedCompletion[] = [];
  const queue: FakeAnswer[] = [];
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      if (request.method !== 'POST' || request.url !== '/v1/chat/completions') {
        response.writeHead(404, { 'content-type': 'application/json' });
        response.end(JSON.stringify({ error: { message: `Unknown request URL: ${request.method} ${request.url}`, type: 'invalid_request_error' } }));
        return;
      }
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as ReceivedCompletion['body'];
      requests.push({ headers: request.headers, body });
      const next = queue.shift() ?? { content: 'OK' };
      if ('status' in next) {
        response.writeHead(next.status, { 'content-type': next.raw ? 'text/html' : 'application/json' });
        response.end(next.raw ?? JSON.stringify({ error: { message: next.message, type: 'invalid_request_error', code: null } }));
        return;
      }
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(
        JSON.stringify({
          id: `chatcmpl-${requests.length}`,
          object: 'chat.completion',
          created: Math.floor(Date.now() / 1000),
          model: body.model,
          choices: [{ index: 0, message: { role: 'assistant', content: next.content, refusal: null }, finish_reason: 'stop' }],
          usage: { prompt_tokens: 10, completion_tokens: 5, total_tokens: 15 },
        }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests,
    answer: (...answers) => void queue.push(...answers),
    close: () => new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  };
}
