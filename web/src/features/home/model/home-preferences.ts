/**
 * The home lists' sort order and view (spec 000 §2: sort options, 'Views: column or grid'), remembered per user: in
 * this browser's local storage under the user's id, so two people sharing a computer keep their own, and a
 * stored value the app no longer knows falls back to the default.
 */
import { useLocalStorage } from '@mantine/hooks';
import { FlowSort } from '@formloom/contracts/api/flows/flows';

/** How a list shows its flows: rows (the spec's "column") or cards in a grid. */
export type FlowListLayout = 'list' | 'grid';

/** The remembered choices. */
export interface HomePreferences {
  sort: FlowSort;
  layout: FlowListLayout;
}

/** Defaults: newest first, as rows. */
export const DEFAULT_HOME_PREFERENCES: HomePreferences = { sort: 'createdDate', layout: 'list' };

/** The storage key of user `userId`'s choices. */
export function homePreferencesKey(userId: number | string): string {
  return `formloom:home:${userId}`;
}

/** `raw` (a stored value) as preferences: each unknown or missing part → its default. */
export function parseHomePreferences(raw: unknown): HomePreferences {
  const value = (raw && typeof raw === 'object' ? raw : {}) as Record<string, unknown>;
  const sort = FlowSort.safeParse(value.sort);
  return {
    sort: sort.success ? sort.data : DEFAULT_HOME_PREFERENCES.sort,
    layout: value.layout === 'grid' ? 'grid' : 'list',
  };
}

/** `value` (the stored text, or null/undefined when none) as preferences; unreadable → the defaults. */
function deserializeHomePreferences(value: string | null | undefined): HomePreferences {
  try {
    return parseHomePreferences(value == null ? undefined : JSON.parse(value));
  } catch {
    return DEFAULT_HOME_PREFERENCES;
  }
}

/** User `userId`'s stored choices, read once (the route loaders ask for the list the page will show). */
export function readHomePreferences(userId: number | string): HomePreferences {
  return deserializeHomePreferences(window.localStorage.getItem(homePreferencesKey(userId)));
}

/** User `userId`'s choices and a setter that merges a change into them (stored at once). */
export function useHomePreferences(userId: number | string | undefined): [HomePreferences, (change: Partial<HomePreferences>) => void] {
  const [stored, setStored] = useLocalStorage<HomePreferences>({
    key: homePreferencesKey(userId ?? 'anonymous'),
    defaultValue: DEFAULT_HOME_PREFERENCES,
    getInitialValueInEffect: false,
    deserialize: deserializeHomePreferences,
  });
  const preferences = parseHomePreferences(stored);
  return [preferences, (change) => setStored((current) => ({ ...parseHomePreferences(current), ...change }))];
}
