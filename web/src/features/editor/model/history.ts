/**
 * Undo and redo of the editor's template edits: the past versions, the present one and the undone ones (newest
 * last). Edits that follow each other within {@link COALESCE_MS} make one step (typing a label is one step, not
 * one per key); at most {@link HISTORY_LIMIT} steps are kept. Pure; the editor's context holds one.
 */

/** Edits closer together than this (ms) are undone together. */
export const COALESCE_MS = 600;
/** Most undo steps kept. */
export const HISTORY_LIMIT = 100;

/** The versions of a value over time. */
export interface History<T> {
  past: readonly T[];
  present: T;
  future: readonly T[];
  /** When the present was last changed by an edit (ms since the epoch; 0: never). */
  editedAt: number;
}

/** A history that starts at `present`. */
export function startHistory<T>(present: T): History<T> {
  return { past: [], present, future: [], editedAt: 0 };
}

/** Options of {@link record}. */
export interface RecordOptions {
  /**
   * The edit is a step of its own: it never joins the step before it, and the next edit does not join it (a
   * question moved to another page, a page moved: one undo each, however quickly they follow typing).
   */
  separate?: boolean;
}

/**
 * `next` becomes the present; the old present becomes an undo step unless the previous edit was less than
 * {@link COALESCE_MS} ago (then it joins that step) and neither is `separate`. Clears the redo steps.
 * `next === present`: unchanged. `now`: ms since the epoch.
 */
export function record<T>(history: History<T>, next: T, now: number, options: RecordOptions = {}): History<T> {
  if (next === history.present) return history;
  const coalesce = !options.separate && history.editedAt > 0 && now - history.editedAt < COALESCE_MS && history.past.length > 0;
  const past = coalesce ? history.past : [...history.past, history.present].slice(-HISTORY_LIMIT);
  return { past, present: next, future: [], editedAt: options.separate ? 0 : now };
}

/** Replaces the present without making a step (the server's copy of what was saved). */
export function replacePresent<T>(history: History<T>, present: T): History<T> {
  return { ...history, present };
}

/** Back one step (unchanged when there is none). */
export function undo<T>(history: History<T>): History<T> {
  const previous = history.past.at(-1);
  if (previous === undefined) return history;
  return { past: history.past.slice(0, -1), present: previous, future: [history.present, ...history.future], editedAt: 0 };
}

/** Forward one undone step (unchanged when there is none). */
export function redo<T>(history: History<T>): History<T> {
  const [next, ...rest] = history.future;
  if (next === undefined) return history;
  return { past: [...history.past, history.present], present: next, future: rest, editedAt: 0 };
}
