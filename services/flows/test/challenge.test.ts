/**
 * The optional bot challenge (`CHALLENGE_PROVIDER`, e.g. Cloudflare Turnstile): the live form tells the browser
 * which widget to render, and a submission is stored only when the provider's siteverify API accepts its token.
 * The provider is a local HTTP server speaking its documented API (POST form `secret`, `response`, `remoteip` →
 * `{success}`); nothing of ours is faked.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { getPublicTemplate } from '@formloom/contracts/api/flows/public-forms';
import * as copy from '@formloom/contracts/copy';
import { endpointRequest } from '@formloom/kit/testing';
import { countRows, publishedExample, setup, type Harness } from './helpers';
import { submitAnswers } from '@formloom/contracts/api/flows/submissions';

const SECRET = 'the-operator-secret';
const ANSWERS = { w1: 'Ada', w2: 'ada@example.com' };

/** What the fake siteverify received, and whether it answers at all. */
const received: URLSearchParams[] = [];
let down = false;
let provider: Server;
let h: Harness;

beforeAll(async () => {
  provider = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      if (down) return void response.writeHead(502).end();
      const form = new URLSearchParams(body);
      received.push(form);
      const success = form.get('secret') === SECRET && form.get('response') === 'good-token';
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify(success ? { success: true } : { success: false, 'error-codes': ['invalid-input-response'] }));
    });
  });
  await new Promise<void>((resolve) => provider.listen(0, '127.0.0.1', resolve));
  const { port } = provider.address() as AddressInfo;
  h = await setup({
    env: {
      CHALLENGE_PROVIDER: 'turnstile',
      CHALLENGE_SITE_KEY: '1x00000000000000000000AA',
      CHALLENGE_SECRET_KEY: SECRET,
      CHALLENGE_VERIFY_URL: `http://127.0.0.1:${port}/turnstile/v0/siteverify`,
    },
  });
});
afterAll(async () => {
  await h.service.close();
  await new Promise((resolve) => provider.close(resolve));
});

function submit(form: string, challengeToken?: string) {
  return h.service.app.inject(
    endpointRequest(submitAnswers, { params: { publicIdentifier: form }, body: { answers: ANSWERS, ...(challengeToken ? { challengeToken } : {}) }, remoteAddress: '203.0.113.9' }),
  );
}

it('tells the public form which challenge to render', async () => {
  const form = await publishedExample(h);
  const response = await h.service.app.inject(endpointRequest(getPublicTemplate, { params: { publicIdentifier: form } }));
  expect(response.json().challenge).toEqual({ provider: 'turnstile', siteKey: '1x00000000000000000000AA' });
});

it('refuses a submission without a token, or with one the provider refuses, and stores nothing', async () => {
  const form = await publishedExample(h);
  const before = await countRows(h, 'submissions');
  for (const token of [undefined, 'bad-token']) {
    const response = await submit(form, token);
    expect(response.statusCode).toBe(400);
    expect(response.json().error.details).toEqual([{ path: 'body.challengeToken', message: copy.publicForm.challengeFailed }]);
  }
  expect(await countRows(h, 'submissions')).toBe(before);
});

it('stores a submission whose token the provider accepts, sending it the secret, the token and the address', async () => {
  const form = await publishedExample(h);
  received.length = 0;
  expect((await submit(form, 'good-token')).statusCode).toBe(201);
  expect(Object.fromEntries(received[0] ?? [])).toEqual({ secret: SECRET, response: 'good-token', remoteip: '203.0.113.9' });
});

it('answers 503 (retry) when the provider cannot answer, and stores nothing', async () => {
  const form = await publishedExample(h);
  const before = await countRows(h, 'submissions');
  down = true;
  try {
    const response = await submit(form, 'good-token');
    expect(response.statusCode).toBe(503);
    expect(response.json().error.code).toBe('unavailable');
  } finally {
    down = false;
  }
  expect(await countRows(h, 'submissions')).toBe(before);
});

it('is off by default: the live form asks for no challenge', async () => {
  const plain = await setup();
  try {
    const form = await publishedExample(plain);
    const response = await plain.service.app.inject(endpointRequest(getPublicTemplate, { params: { publicIdentifier: form } }));
    expect(response.json().challenge).toBeNull();
  } finally {
    await plain.service.close();
  }
});
