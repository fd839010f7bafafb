/**
 * The bot challenge of the public form (docs/architecture.md §6 flows): when the operator configured one, the
 * live form names its provider and site key (`challenge` of `GET /public/flows/templates/:publicIdentifier`);
 * this renders the provider's widget explicitly and hands its token to the form, which sends it as
 * `challengeToken` with the answers. A token is good for one verification, so the form mounts a fresh widget
 * (a new React `key`) after every submission attempt the server refused.
 *
 * Both providers load one script (`CHALLENGE_SCRIPT_URLS`) that defines a global with the same explicit API:
 * `render(element, {sitekey, callback, 'expired-callback', 'error-callback'})` → widget id, and `remove(id)`
 * (Turnstile: developers.cloudflare.com/turnstile/get-started/client-side-rendering; hCaptcha:
 * docs.hcaptcha.com/configuration). The public form's CSP admits their origins (`gateway/src/web.ts`).
 */
import { useEffect, useRef, useState } from 'react';
import type { PublicChallenge } from '@formloom/contracts/api/flows/public-forms';
import { CHALLENGE_SCRIPT_URLS, type ChallengeProvider } from '@formloom/contracts/api/public-form-routes';
import classes from './form.module.css';

/** The part of `window.turnstile` / `window.hcaptcha` the form uses. */
export interface ChallengeApi {
  render(
    container: HTMLElement,
    options: {
      sitekey: string;
      callback: (token: string) => void;
      'expired-callback': () => void;
      'error-callback': () => void;
    },
  ): string;
  remove(widgetId: string): void;
}

const loading = new Map<ChallengeProvider, Promise<ChallengeApi>>();

/** The provider's API object on `window` (`window.turnstile`, `window.hcaptcha`), if its script has run. */
function apiOf(provider: ChallengeProvider): ChallengeApi | undefined {
  return (window as unknown as Partial<Record<ChallengeProvider, ChallengeApi>>)[provider];
}

/**
 * The provider's API, loading its script once per page.
 * @throws Error when the script cannot be loaded (blocked, offline)
 */
export function loadChallengeApi(provider: ChallengeProvider): Promise<ChallengeApi> {
  const ready = apiOf(provider);
  if (ready) return Promise.resolve(ready);
  let pending = loading.get(provider);
  if (!pending) {
    pending = new Promise<ChallengeApi>((resolve, reject) => {
      const script = document.createElement('script');
      script.src = CHALLENGE_SCRIPT_URLS[provider];
      script.async = true;
      script.onload = () => {
        const api = apiOf(provider);
        if (api) resolve(api);
        else reject(new Error(`${provider} did not start`));
      };
      script.onerror = () => reject(new Error(`${provider} could not be loaded`));
      document.head.appendChild(script);
    });
    // A failed load may be retried by the next widget (the respondent's connection came back).
    pending.catch(() => loading.delete(provider));
    loading.set(provider, pending);
  }
  return pending;
}

/** Props of {@link ChallengeWidget}. */
export interface ChallengeWidgetProps {
  challenge: PublicChallenge;
  /** A token when the respondent passed; `null` when it expired or the widget failed. */
  onToken: (token: string | null) => void;
  /** Shown under the widget (the server refused the last token, or none was given). */
  error?: string;
}

/** The provider's widget, rendered once into its own box and removed on unmount. */
export function ChallengeWidget({ challenge, onToken, error }: ChallengeWidgetProps) {
  const container = useRef<HTMLDivElement>(null);
  const latestOnToken = useRef(onToken);
  const [loadFailed, setLoadFailed] = useState(false);

  useEffect(() => {
    latestOnToken.current = onToken;
  }, [onToken]);

  useEffect(() => {
    let widgetId: string | undefined;
    let api: ChallengeApi | undefined;
    let active = true;
    loadChallengeApi(challenge.provider).then(
      (loaded) => {
        if (!active || !container.current) return;
        api = loaded;
        widgetId = loaded.render(container.current, {
          sitekey: challenge.siteKey,
          callback: (token) => latestOnToken.current(token),
          'expired-callback': () => latestOnToken.current(null),
          'error-callback': () => latestOnToken.current(null),
        });
      },
      () => {
        if (active) setLoadFailed(true);
      },
    );
    return () => {
      active = false;
      if (api && widgetId !== undefined) api.remove(widgetId);
      latestOnToken.current(null);
    };
  }, [challenge.provider, challenge.siteKey]);

  const message = loadFailed ? 'The check that you are not a robot could not be loaded. Reload the page to try again.' : error;
  return (
    <div data-testid="challenge">
      <div ref={container} data-challenge-provider={challenge.provider} />
      {message && (
        <p className={classes.challengeError} role="alert" data-testid="challenge-error">
          {message}
        </p>
      )}
    </div>
  );
}
