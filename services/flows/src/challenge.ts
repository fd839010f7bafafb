/**
 * The optional bot challenge in front of public submissions (docs/architecture.md §6 flows): an operator who
 * configures `CHALLENGE_PROVIDER` (Cloudflare Turnstile or hCaptcha), `CHALLENGE_SITE_KEY` and
 * `CHALLENGE_SECRET_KEY` makes every public form render the provider's widget (its `challenge` in the live form)
 * and every submission carry the token it gave; flows checks the token with the provider's siteverify API before
 * anything is written. Unconfigured: no challenge (the default; the rate limit per address still applies).
 *
 * Verification (Turnstile: developers.cloudflare.com/turnstile/get-started/server-side-validation; hCaptcha:
 * docs.hcaptcha.com "Verify the User Response Server Side"): POST `application/x-www-form-urlencoded` `secret`,
 * `response` (the token), `remoteip`, answered `{"success": true|false, "error-codes": […]}`. A token the provider
 * refuses is a 400 at `body.challengeToken`; a provider that cannot be reached or answers otherwise is a 503 (the
 * respondent retries): refusing to check would let bots through whenever the provider is slow.
 */
import type { ChallengeProvider, PublicChallenge } from '@formloom/contracts/api/flows/public-forms';
import * as copy from '@formloom/contracts/copy';
import { CHALLENGE_VERIFY_TIMEOUT_MS } from '@formloom/contracts/limits';
import { invalid, unavailable } from '@formloom/kit/errors';

/** The providers' siteverify endpoints. */
export const CHALLENGE_VERIFY_URLS: Readonly<Record<ChallengeProvider, string>> = {
  turnstile: 'https://challenges.cloudflare.com/turnstile/v0/siteverify',
  hcaptcha: 'https://api.hcaptcha.com/siteverify',
};

/** The challenge of a flows service: what the public form renders, and the check of a submission's token. */
export interface Challenge {
  readonly public: PublicChallenge;
  /**
   * Checks `token` (from `remoteIp`) with the provider.
   * @throws DomainError `invalid` (400 at `body.challengeToken`) when it is missing or refused; `unavailable` (503)
   *   when the provider cannot answer
   */
  verify(token: string | undefined, remoteIp: string): Promise<void>;
}

/** The settings of {@link createChallenge} (the flows service's `CHALLENGE_*` variables). */
export interface ChallengeSettings {
  provider: ChallengeProvider;
  siteKey: string;
  secretKey: string;
  /** The siteverify URL (default the provider's; tests point it at a local server). */
  verifyUrl?: string;
  log: { warn(context: object, message?: string): void };
}

/** Builds the service's {@link Challenge}. */
export function createChallenge(settings: ChallengeSettings): Challenge {
  const verifyUrl = settings.verifyUrl ?? CHALLENGE_VERIFY_URLS[settings.provider];
  const refused = () =>
    invalid(copy.publicForm.challengeFailed, [{ path: 'body.challengeToken', message: copy.publicForm.challengeFailed }]);
  return {
    public: { provider: settings.provider, siteKey: settings.siteKey },
    async verify(token, remoteIp) {
      if (!token) throw refused();
      const form = new URLSearchParams({ secret: settings.secretKey, response: token, remoteip: remoteIp });
      if (settings.provider === 'hcaptcha') form.set('sitekey', settings.siteKey);
      let answer: { success?: unknown; 'error-codes'?: unknown };
      try {
        const response = await fetch(verifyUrl, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
          body: form,
          signal: AbortSignal.timeout(CHALLENGE_VERIFY_TIMEOUT_MS),
        });
        if (!response.ok) throw new Error(`siteverify answered ${response.status}`);
        answer = (await response.json()) as typeof answer;
      } catch (error) {
        settings.log.warn({ err: error, provider: settings.provider }, 'bot challenge: the provider did not answer');
        throw unavailable();
      }
      if (answer.success !== true) throw refused();
    },
  };
}
