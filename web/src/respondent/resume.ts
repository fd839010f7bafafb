/**
 * Resuming a form in the same browser (partial submissions, `@formloom/contracts/api/flows/progress`): as the
 * respondent moves to a page, the answers so far and that page are kept in `localStorage`, and the progress is
 * saved on the server (the form's results count it as in progress; the first save returns its id and token, kept
 * here). Opening the form again in this browser continues where the respondent left; finishing or 'Start over'
 * forgets it. Nothing here throws: without storage (private mode, a sandboxed frame) the form works as before.
 */
import type { SaveProgressResponse } from '@formloom/contracts/api/flows/progress';
import { PUBLIC_FORM_ROUTES } from '@formloom/contracts/api/public-form-routes';
import { callRoute } from '../lib/api-client';

/** What this browser keeps of a respondent's progress through one form. */
export interface SavedProgress {
  /** The answers so far, as the respondent entered them. */
  answers: Record<string, unknown>;
  /** The page the respondent reached (step id). */
  stepId: string;
  /** The server's progress id and token, once the first save answered. */
  progressId?: string;
  progressToken?: string;
  /** When it was kept (ISO 8601). */
  savedAt: string;
}

const key = (publicIdentifier: string) => `formloom:progress:${publicIdentifier}`;

/** The progress kept for form `publicIdentifier`, or `undefined`. */
export function loadProgress(publicIdentifier: string): SavedProgress | undefined {
  try {
    const text = window.localStorage.getItem(key(publicIdentifier));
    if (!text) return undefined;
    const saved = JSON.parse(text) as Partial<SavedProgress>;
    if (typeof saved !== 'object' || saved === null || typeof saved.stepId !== 'string' || typeof saved.answers !== 'object' || saved.answers === null) {
      return undefined;
    }
    return saved as SavedProgress;
  } catch {
    return undefined;
  }
}

function keep(publicIdentifier: string, progress: SavedProgress): void {
  try {
    window.localStorage.setItem(key(publicIdentifier), JSON.stringify(progress));
  } catch {
    // No storage: nothing to resume from, the form still works.
  }
}

/** Forgets the progress of form `publicIdentifier` (finished, or 'Start over'). */
export function forgetProgress(publicIdentifier: string): void {
  try {
    window.localStorage.removeItem(key(publicIdentifier));
  } catch {
    // Nothing kept.
  }
}

/**
 * Keeps the progress at once, then saves it on the server (`PUT /public/flows/{id}/progress`) and keeps the id and
 * token the first save answers, with the form's hidden fields by name (`urlParameters`: the server walks the same
 * path). A failed save is ignored: the next page tries again, and the browser can resume.
 */
export async function rememberProgress(
  publicIdentifier: string,
  answers: Record<string, unknown>,
  stepId: string,
  urlParameters: Readonly<Record<string, string>> = {},
): Promise<void> {
  const previous = loadProgress(publicIdentifier);
  const current: SavedProgress = { ...previous, answers, stepId, savedAt: new Date().toISOString() };
  keep(publicIdentifier, current);
  try {
    const { progress } = await callRoute<SaveProgressResponse>(PUBLIC_FORM_ROUTES.progress, {
      params: { publicIdentifier },
      body: {
        answers,
        stepId,
        // The hidden fields decide the path the server checks the progress along, as they did in the browser.
        ...(Object.keys(urlParameters).length > 0 ? { urlParameters } : {}),
        ...(current.progressId && current.progressToken ? { progressId: current.progressId, progressToken: current.progressToken } : {}),
      },
    });
    if (progress.progressToken) keep(publicIdentifier, { ...current, progressId: progress.progressId, progressToken: progress.progressToken });
  } catch {
    // Offline, or the server refused (a finished or forgotten progress): start a new one next time.
    if (current.progressId) keep(publicIdentifier, { answers, stepId, savedAt: current.savedAt });
  }
}
