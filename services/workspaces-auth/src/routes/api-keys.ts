/**
 * `/admin/apiKeys` and `/internal/apiKeys/exchange` — the endpoints of
 * `@formloom/contracts/api/workspaces-auth/api-keys` (`domain/api-keys.ts`). The caller of the admin routes is read
 * fresh from the database (`caller.ts`), so a demoted admin is refused at once.
 */
import { createApiKey, exchangeApiKey, listApiKeys, revokeApiKey } from '@formloom/contracts/api/workspaces-auth/api-keys';
import { ACCESS_TOKEN_TTL_SECONDS } from '@formloom/contracts/limits';
import { notSignedIn } from '@formloom/kit/errors';
import { defineRoutes } from '@formloom/kit/routes';
import type { AuthDeps } from '../deps';
import * as keysOfApi from '../domain/api-keys';
import { requireCaller } from './caller';

/** The API key routes. */
export const apiKeyRoutes = defineRoutes<AuthDeps>((router, { db, keys }) => {
  /** The organization's live keys (admins). */
  router.handle(listApiKeys, async ({ auth }) => ({ apiKeys: await keysOfApi.listApiKeys(db, await requireCaller(auth, db)) }));

  /** A new key, shown once (admins). */
  router.handle(createApiKey, async ({ auth, body }) => keysOfApi.createApiKey(db, await requireCaller(auth, db), body));

  /** Revokes a key (admins). */
  router.handle(revokeApiKey, async ({ auth, params }) => {
    await keysOfApi.revokeApiKey(db, await requireCaller(auth, db), params.apiKeyId);
    return { success: true as const };
  });

  /**
   * Swaps an API key for an access token with the key's claims (`apiKeyClaims`), valid
   * {@link ACCESS_TOKEN_TTL_SECONDS} s; 401 for a key that is refused. The gateway calls it for `/v1/api/…` requests.
   */
  router.handle(exchangeApiKey, async ({ body }) => {
    const claims = await keysOfApi.apiKeyClaims(db, body.apiKey);
    if (!claims) throw notSignedIn();
    return { accessToken: await keys.sign(claims, ACCESS_TOKEN_TTL_SECONDS), expiresIn: ACCESS_TOKEN_TTL_SECONDS };
  });
});
