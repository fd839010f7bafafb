/**
 * Workspace access rules shared by the services and the web app (spec 000 §6).
 *
 * The three levels (docs/architecture.md §5 "Access levels"):
 * - `write`: views, creates and changes every form of the workspace;
 * - `read`: views every form, changes none and creates none;
 * - `limited`: creates forms, and sees only the forms they created — those they change as a writer would; the
 *   workspace's other forms do not exist for them (404, as a workspace that is not theirs). Spec 000 §6's tooltip for
 *   this level: 'Ask an admin to upgrade your access if you wish to create or view all forms'.
 */
import type { AccessLevel } from '../entities/identity';
import type { AuthClaims } from '../auth';

/**
 * What a caller wants to do in a workspace: `view` needs any level, `change` needs `write`, `create` (a new form,
 * or a form moved in) needs `write` or `limited`.
 */
export type AccessNeed = 'view' | 'change' | 'create';

/**
 * The caller's access level in a workspace, or `null` when the workspace is not theirs (another
 * organization, or no membership). Services answer 404 for `null` (never reveal the data).
 */
export function accessLevelIn(claims: AuthClaims, workspaceId: number): AccessLevel | null {
  return claims.ws[String(workspaceId)] ?? null;
}

/**
 * True when `level` allows `need`: `view` with any level; `change` only with `write`; `create` with `write` or
 * `limited`; nothing with `null`.
 */
export function allows(level: AccessLevel | null, need: AccessNeed): boolean {
  if (level === null) return false;
  if (need === 'view') return true;
  if (need === 'create') return level !== 'read';
  return level === 'write';
}

/** True when a member at `level` may create forms in the workspace (`allows(level, 'create')`). */
export function canCreateIn(level: AccessLevel | null): boolean {
  return allows(level, 'create');
}

/**
 * Who a form belongs to, as far as access goes: its workspace and the user who created it (`null`: unknown — a form
 * made before creators were recorded, or by the template library; no `limited` member sees it).
 */
export interface FlowOwnership {
  workspaceId: number;
  createdBy: number | null;
}

/**
 * The caller's access level to one form: their level in its workspace, except that a `limited` member has `write`
 * on the forms they created and none (`null`) on the others. Services answer 404 for `null`.
 */
export function flowAccessLevel(claims: AuthClaims, flow: FlowOwnership): AccessLevel | null {
  return levelToForm(accessLevelIn(claims, flow.workspaceId), flow.createdBy, Number(claims.sub));
}

/**
 * The level user `userId`, at `workspaceLevel` in a workspace (null: not theirs), has to a form of it created by
 * `createdBy`: the workspace's level, but `write` for a `limited` member's own form and `null` for the others' (the
 * rule of {@link flowAccessLevel}, for callers that hold the level and the user id: the web app).
 */
export function levelToForm(workspaceLevel: AccessLevel | null, createdBy: number | null, userId: number): AccessLevel | null {
  if (workspaceLevel !== 'limited') return workspaceLevel;
  return createdBy !== null && createdBy === userId ? 'write' : null;
}
