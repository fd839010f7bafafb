/**
 * The messages between the editor and its live preview (an iframe of the public form's page with `?preview=1`,
 * `web/src/respondent/preview-page.tsx`), sent with `postMessage` and accepted only from the same origin (and,
 * in the frame, only from its parent window):
 *
 * - frame → editor `{type: 'formloom:preview-ready'}` once it listens (the editor then sends the state; the
 *   editor also sends it on every change);
 * - editor → frame `{type: 'formloom:preview-state', name, template, stepId, look, thumbnail?}`: the form's name, the draft
 *   template as it is being edited (saved or not), the page the editor has selected, which the preview shows, and
 *   the look of the form's theme (`entities/theme.ts` `ThemeLook`, computed by the editor; null: the default look).
 */
import type { FlowTemplate } from '@formloom/contracts/entities/flow-template';
import type { ThemeLook } from '@formloom/contracts/entities/theme';

/** The query parameter that opens the public form's page as the editor's preview. */
export const PREVIEW_PARAM = 'preview';

/** The preview's "I am listening" message. */
export interface PreviewReady {
  type: 'formloom:preview-ready';
}

/** What the editor shows in the preview. */
export interface PreviewState {
  type: 'formloom:preview-state';
  /** The form's name (the preview's heading). */
  name: string;
  /** The draft template being edited. */
  template: FlowTemplate;
  /** The page (step id) the editor has selected: the preview moves to it. */
  stepId: string;
  /** The look of the form's theme, or null/absent for the default look. */
  look?: ThemeLook | null;
  /**
   * Drawn as a picture of the page (the template gallery's live pages): without the 'answers are not saved' banner
   * and the scroll bar, which belong to the editor, not to the form. Absent: the editor's preview.
   */
  thumbnail?: boolean;
}

/** Whether `data` is a {@link PreviewReady} message. */
export function isPreviewReady(data: unknown): data is PreviewReady {
  return typeof data === 'object' && data !== null && (data as { type?: unknown }).type === 'formloom:preview-ready';
}

/** Whether `data` is a {@link PreviewState} message (its shape checked loosely: it comes from our own editor). */
export function isPreviewState(data: unknown): data is PreviewState {
  if (typeof data !== 'object' || data === null) return false;
  const message = data as Partial<PreviewState>;
  return (
    message.type === 'formloom:preview-state' &&
    typeof message.name === 'string' &&
    typeof message.stepId === 'string' &&
    typeof message.template === 'object' &&
    message.template !== null &&
    typeof message.template.steps === 'object'
  );
}
