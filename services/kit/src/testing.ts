/**
 * Test helpers: a throwaway EdDSA key pair that signs JWTs exactly as workspaces-auth does, so a service's
 * tests can authenticate requests without running workspaces-auth.
 */
import { exportJWK, generateKeyPair, SignJWT } from 'jose';
import type { JSONWebKeySet } from 'jose';
import { JWT_AUDIENCE, JWT_ISSUER, type AuthClaims } from '@formloom/contracts/auth';
import type { AccessLevel } from '@formloom/contracts/entities/identity';

/** A test issuer: its public `jwks` and a `token()` that signs claims. */
export interface TestIssuer {
  jwks: JSONWebKeySet;
  /** Signs a JWT for a user; `workspaces` maps workspace id → access level. */
  token(user: { id: number; organizationId: number; isAdmin?: boolean; email?: string; workspaces: Record<number, AccessLevel> }): Promise<string>;
  /** `{ authorization: 'Bearer …' }` for `inject`. */
  headers(user: Parameters<TestIssuer['token']>[0]): Promise<{ authorization: string }>;
}

/** Creates a test issuer with a fresh Ed25519 key. */
export async function createTestIssuer(): Promise<TestIssuer> {
  const { privateKey, publicKey } = await generateKeyPair('EdDSA', { crv: 'Ed25519' });
  const jwk = { ...(await exportJWK(publicKey)), kid: 'test', alg: 'EdDSA', use: 'sig' };
  const issuer: TestIssuer = {
    jwks: { keys: [jwk] },
    async token(user) {
      const claims: Omit<AuthClaims, 'sub'> = {
        org: user.organizationId,
        adm: user.isAdmin ?? false,
        email: user.email ?? `user${user.id}@example.com`,
        ws: Object.fromEntries(Object.entries(user.workspaces).map(([k, v]) => [String(k), v])),
      };
      return new SignJWT(claims)
        .setProtectedHeader({ alg: 'EdDSA', kid: 'test' })
        .setSubject(String(user.id))
        .setIssuer(JWT_ISSUER)
        .setAudience(JWT_AUDIENCE)
        .setIssuedAt()
        .setExpirationTime('5m')
        .sign(privateKey);
    },
    async headers(user) {
      return { authorization: `Bearer ${await issuer.token(user)}` };
    },
  };
  return issuer;
}
