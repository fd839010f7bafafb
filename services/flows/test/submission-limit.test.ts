/**
 * Public submissions are limited per client address and form (`PUBLIC_SUBMISSIONS_RATE_LIMIT`, default
 * `PUBLIC_SUBMISSIONS_PER_ADDRESS_MAX` per ten minutes): a script posting a form over and over gets 429 with
 * `Retry-After` and stores nothing more, while other respondents, and the same respondent on another form, go on.
 */
import * as copy from '@formloom/contracts/copy';
import { countRows, publishedExample, setup, submit, type Harness } from './helpers';

const ANSWERS = { w1: 'Ada', w2: 'ada@example.com' };

let h: Harness;
beforeAll(async () => {
  h = await setup({ env: { PUBLIC_SUBMISSIONS_RATE_LIMIT: '3' } });
});
afterAll(async () => {
  await h.service.close();
});

it('answers 429 with Retry-After past the limit of one address on one form, and stores nothing more', async () => {
  const form = await publishedExample(h);
  for (let i = 0; i < 3; i += 1) expect((await submit(h, form, ANSWERS, '198.51.100.7')).statusCode).toBe(201);
  const before = await countRows(h, 'submissions');
  const refused = await submit(h, form, ANSWERS, '198.51.100.7');
  expect(refused.statusCode).toBe(429);
  expect(refused.json()).toEqual({ error: { code: 'rate_limited', message: copy.flows.tooManySubmissions } });
  expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  expect(await countRows(h, 'submissions')).toBe(before);

  // Another respondent, and the same address on another form, are not held back.
  expect((await submit(h, form, ANSWERS, '198.51.100.8')).statusCode).toBe(201);
  const other = await publishedExample(h);
  expect((await submit(h, other, ANSWERS, '198.51.100.7')).statusCode).toBe(201);
});

it('is off with PUBLIC_SUBMISSIONS_RATE_LIMIT=0', async () => {
  const unlimited = await setup({ env: { PUBLIC_SUBMISSIONS_RATE_LIMIT: '0' } });
  try {
    const form = await publishedExample(unlimited);
    for (let i = 0; i < 5; i += 1) expect((await submit(unlimited, form, ANSWERS, '198.51.100.9')).statusCode).toBe(201);
  } finally {
    await unlimited.service.close();
  }
});
