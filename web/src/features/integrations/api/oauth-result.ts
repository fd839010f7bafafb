/**
 * What the OAuth callback said when it sent the browser back (`OAUTH_RESULT_PARAMS` in the page's query:
 * `serviceConnected=<id>` or `serviceError=<message>`). The page shows it once, then {@link OAuthResult.clear} takes the
 * parameters out of the URL (replacing the history entry), so a reload does not show it again.
 */
import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import { OAUTH_RESULT_PARAMS } from '@formloom/contracts/api/integrations/oauth';

/** The outcome in the URL, and how to drop it. */
export interface OAuthResult {
  /** The connection the callback made or reconnected; null: none. */
  connectedId: string | null;
  /** What went wrong; null: nothing. */
  error: string | null;
  clear(): void;
}

/** See the module doc. */
export function useOAuthResult(): OAuthResult {
  const [params, setParams] = useSearchParams();
  const clear = useCallback(
    () =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          next.delete(OAUTH_RESULT_PARAMS.connected);
          next.delete(OAUTH_RESULT_PARAMS.error);
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );
  return { connectedId: params.get(OAUTH_RESULT_PARAMS.connected), error: params.get(OAUTH_RESULT_PARAMS.error), clear };
}
