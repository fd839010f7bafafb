/**
 * The bot challenge of the web component tests' product (`global-setup.ts`): flows is configured with
 * Cloudflare Turnstile, and its siteverify calls go to a local HTTP server that speaks the documented API
 * (POST `application/x-www-form-urlencoded` `secret`, `response`, `remoteip` → `{success, "error-codes"}`,
 * developers.cloudflare.com/turnstile/get-started/server-side-validation). Tokens starting with
 * {@link PASSING_TOKEN_PREFIX} pass; any other is refused, as a real provider refuses a bot's.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ChallengeApi } from '../src/respondent/challenge-widget';

/** Tokens the fake provider accepts start with this. */
export const PASSING_TOKEN_PREFIX = 'pass-';

/** The site key the product serves to the public form (Turnstile's documented always-passing test key). */
export const TEST_SITE_KEY = '1x00000000000000000000AA';

/** The secret key flows sends; the fake provider refuses any other. */
export const TEST_SECRET_KEY = 'web-test-turnstile-secret';

/** Starts the fake siteverify server on a free loopback port; resolves it and its URL. */
export async function startFakeSiteverify(): Promise<{ server: Server; url: string }> {
  const server = createServer((request, response) => {
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => (body += chunk));
    request.on('end', () => {
      const form = new URLSearchParams(body);
      const secretOk = form.get('secret') === TEST_SECRET_KEY;
      const success = secretOk && (form.get('response') ?? '').startsWith(PASSING_TOKEN_PREFIX);
      const errorCodes = success ? [] : [secretOk ? 'invalid-input-response' : 'invalid-input-secret'];
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ success, 'error-codes': errorCodes }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { server, url: `http://127.0.0.1:${port}/turnstile/v0/siteverify` };
}

/** The flows settings that turn the challenge on against the fake server at `verifyUrl`. */
export function challengeEnv(verifyUrl: string): Record<string, string> {
  return {
    CHALLENGE_PROVIDER: 'turnstile',
    CHALLENGE_SITE_KEY: TEST_SITE_KEY,
    CHALLENGE_SECRET_KEY: TEST_SECRET_KEY,
    CHALLENGE_VERIFY_URL: verifyUrl,
  };
}

/**
 * In a component test: installs the provider's browser script as `window.turnstile` (the network edge), whose every
 * widget passes at once with a fresh token `pass-<label>-<n>`. {@link removePassingChallenge} takes it away.
 */
export function installPassingChallenge(label: string): void {
  let n = 0;
  const api: ChallengeApi = {
    render(_container, options) {
      n += 1;
      setTimeout(() => options.callback(`${PASSING_TOKEN_PREFIX}${label}-${n}`), 0);
      return `widget-${n}`;
    },
    remove() {},
  };
  (window as unknown as { turnstile?: ChallengeApi }).turnstile = api;
}

/** Takes away the `window.turnstile` of {@link installPassingChallenge}. */
export function removePassingChallenge(): void {
  delete (window as unknown as { turnstile?: ChallengeApi }).turnstile;
}
