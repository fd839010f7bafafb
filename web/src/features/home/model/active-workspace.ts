/**
 * Which workspace the home dashboard shows (spec 000 §2 "Routes", "Home page"): `/home` shows the first workspace
 * by name, `/home/:workspaceSlug` the one the slug names. Used by the page, by its route loader (to load that
 * workspace's forms before the page renders) and by the header's workspace menu.
 */
import type { Workspace } from '@formloom/contracts/entities/identity';
import { parseWorkspaceSlug } from '@formloom/contracts/rules/slug';

/** The workspaces sorted by name (the order of the workspace menu, spec 000 §2 "Home page"); a new array. */
export function sortWorkspacesByName(workspaces: readonly Workspace[]): Workspace[] {
  return [...workspaces].sort((a, b) => a.name.localeCompare(b.name));
}

/**
 * The workspace a slug names: the exact slug first, then by the id prefix of `<id>-<name>` (a renamed workspace's
 * old links keep working); `undefined` when the user has no such workspace ('Workspace not found', spec 000 §8).
 */
export function findWorkspace(workspaces: readonly Workspace[], slug: string): Workspace | undefined {
  const exact = workspaces.find((workspace) => workspace.slug === slug);
  if (exact) return exact;
  const id = parseWorkspaceSlug(slug);
  return id === null ? undefined : workspaces.find((workspace) => workspace.id === id);
}

/**
 * The workspace the dashboard shows: the one `workspaceSlug` names ({@link findWorkspace}), or without a slug the
 * first by name; `undefined` when there is none.
 */
export function activeWorkspace(workspaces: readonly Workspace[], workspaceSlug?: string): Workspace | undefined {
  return workspaceSlug ? findWorkspace(workspaces, workspaceSlug) : sortWorkspacesByName(workspaces)[0];
}
