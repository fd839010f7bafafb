/**
 * Workspace access rules shared by the services and the web app (spec 000 §6).
 */
import type { AccessLevel } from '../entities/identity';
import type { AuthClaims } from '../auth';

/** What a caller wants to do in a workspace: `view` needs any level, `change` needs `write`. */
export type AccessNeed = 'view' | 'change';

/**
 * The caller's access level in a workspace, or `null` when the workspace is not theirs (another
 * organization, or no membership). Services answer 404 for `null` (never reveal the data).
 */
export function accessLevelIn(claims: AuthClaims, workspaceId: number): AccessLevel | null {
  return claims.ws[String(workspaceId)] ?? null;
}

/** True when `level` allows `need`: `change` only with `write`; `view` with any level. */
export function allows(level: AccessLevel | null, need: AccessNeed): boolean {
  if (level === null) return false;
  return need === 'view' ? true : level === 'write';
}
