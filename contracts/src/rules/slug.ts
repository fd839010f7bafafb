/**
 * Slugs: workspace slugs in `/home/{workspaceSlug}` (spec 000 §2) and scheduling link slugs (spec 000 §5).
 * Pure; runs in the browser and the services.
 */

/**
 * Kebab case as used in workspace slugs: accents removed (NFKD, combining marks dropped), lowercased, every run
 * of characters other than a–z and 0–9 replaced by one '-', leading and trailing '-' trimmed. Letters outside
 * Latin script therefore vanish ('Équipe Ünï' → 'equipe-uni', '日本' → ''). Words are not split at case changes.
 */
export function kebabCase(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/**
 * The workspace slug `<id>-<name in kebab case>` (spec 000 §2), e.g. `workspaceSlug(12, 'Sales & Marketing')`
 * → '12-sales-marketing'. When the name has no letters or digits the slug is just the id ('12').
 * Throws a `RangeError` when `id` is not a positive safe integer (a programming error).
 */
export function workspaceSlug(id: number, name: string): string {
  if (!Number.isSafeInteger(id) || id <= 0) throw new RangeError(`Workspace id must be a positive integer: ${id}`);
  const kebab = kebabCase(name);
  return kebab ? `${id}-${kebab}` : String(id);
}

/**
 * The workspace id in a slug: its numeric prefix, which must be followed by '-' or end the slug
 * ('12-sales' → 12, '12' → 12). `null` for anything else ('home', 'trash', 'abc-12', '12abc', '0-x', ids beyond
 * `Number.MAX_SAFE_INTEGER`). Spec 000 §5: a workspace id is sent only if the slug prefix is numeric.
 */
export function parseWorkspaceSlug(slug: string): number | null {
  const match = /^(\d+)(?:-|$)/.exec(slug);
  if (!match) return null;
  const id = Number(match[1]);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

/**
 * The scheduling link slug of an event title, exactly as spec 000 §5 says: trim, lowercase, replace each
 * whitespace run with '-', remove characters other than a–z, 0–9 and '-'. Nothing else: dashes are not
 * collapsed ('a - b' → 'a---b') and accented letters are dropped ('Café' → 'caf'); the result may be empty.
 */
export function schedulingLinkSlug(title: string): string {
  return title
    .trim()
    .toLowerCase()
    .replace(/\s+/g, '-')
    .replace(/[^a-z0-9-]/g, '');
}
