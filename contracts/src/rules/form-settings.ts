/**
 * Reading a flow's form settings (`FormSettings` of `entities/flow.ts`) and deciding whether the form takes
 * responses. Zod-free at runtime: the public form reads the settings too (docs/architecture.md "The public form's
 * bundle"). The flows service decides with {@link closedBy}; the public form only shows the result.
 */
import type { FlowSettings, FormSettings } from '../entities/flow';

/** The form settings of `settings` that have a usable value (settings of another shape are ignored, never thrown). */
export function formSettingsOf(settings: FlowSettings | undefined): FormSettings {
  const result: FormSettings = {};
  if (!settings) return result;
  const { closesAt, responseLimit, oneResponsePerBrowser, redirectUrl, closedMessage } = settings;
  if (typeof closesAt === 'string' && !Number.isNaN(Date.parse(closesAt))) result.closesAt = closesAt;
  if (typeof responseLimit === 'number' && Number.isInteger(responseLimit) && responseLimit >= 1) result.responseLimit = responseLimit;
  if (oneResponsePerBrowser === true) result.oneResponsePerBrowser = true;
  if (typeof redirectUrl === 'string' && /^https?:\/\//i.test(redirectUrl)) result.redirectUrl = redirectUrl;
  if (typeof closedMessage === 'string' && closedMessage.trim()) result.closedMessage = closedMessage.trim();
  return result;
}

/** Why a published form takes no responses now: its closing time passed, or it reached its response limit. */
export type ClosedBy = 'closesAt' | 'responseLimit';

/**
 * Whether the settings close the form at `now` (ms since the epoch) with `responses` submissions stored:
 * `closesAt` passed (at or after the instant), or `responses` ≥ `responseLimit`; `null` while it is open.
 * `responses` is only read when a limit is set (pass a function so the count is made only then).
 */
export async function closedBy(settings: FormSettings, now: number, responses: () => Promise<number>): Promise<ClosedBy | null> {
  if (settings.closesAt && now >= Date.parse(settings.closesAt)) return 'closesAt';
  if (settings.responseLimit && (await responses()) >= settings.responseLimit) return 'responseLimit';
  return null;
}
