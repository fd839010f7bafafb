/**
 * The workspaces-auth dependencies object (kit `ServiceDefinition.dependencies`), built once per service
 * instance: its signing keys and the secrets they are stored with (`keys.ts`; the routes sign and verify with
 * them, the key worker refreshes and rotates them), its login and sign-up limits on the kit's shared rate
 * limiter (`plugins/login-rate-limit.ts`), the sender of its own mail (`domain/system-mail.ts`) and the billing port
 * (`domain/billing.ts`: the embedded provider, no payment).
 */
import type { z } from 'zod';
import { PRODUCT_NAME } from '@formloom/contracts/copy';
import type { ServiceContext } from '@formloom/kit/service';
import type { WorkspacesAuthConfig } from './config';
import { dummyPasswordHash } from './domain/passwords';
import { embeddedBillingProvider, type BillingProvider } from './domain/billing';
import { createSystemMailSender, type SystemMailSender } from './domain/system-mail';
import { loadServiceSigningKeys, type LoadedSigningKeys } from './keys';
import { createLoginRateLimit, type LoginRateLimit } from './plugins/login-rate-limit';

/** What the routes and workers of workspaces-auth use. */
export interface AuthDeps extends ServiceContext<z.infer<typeof WorkspacesAuthConfig>>, LoadedSigningKeys {
  /** The login and sign-up limits. */
  loginRateLimit: LoginRateLimit;
  /** The worker that sends the service's queued mail; routes kick it after queuing. */
  systemMail: SystemMailSender;
  /** Where organizations pay for add-ons (`domain/billing.ts`); the embedded provider unless one is given. */
  billing: BillingProvider;
}

/**
 * Loads the signing keys (generating the first one), warms the dummy password hash (equal login timing) and
 * declares the login limits.
 * @throws KeyEncryptionSecretError or SigningKeyError — the service must not start
 */
export async function authDependencies(ctx: ServiceContext<z.infer<typeof WorkspacesAuthConfig>>): Promise<AuthDeps> {
  const loaded = await loadServiceSigningKeys(ctx);
  await dummyPasswordHash();
  const systemMail = createSystemMailSender({ db: ctx.db, settings: ctx.config, log: ctx.log, productName: PRODUCT_NAME });
  return { ...ctx, ...loaded, loginRateLimit: createLoginRateLimit(ctx.rateLimits), systemMail, billing: embeddedBillingProvider };
}
