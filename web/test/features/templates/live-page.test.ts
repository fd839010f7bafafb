/**
 * The template gallery's live pages (src/features/templates/components/live-page.tsx) speak the preview protocol
 * with values spelled locally (so the public form's entry keeps `preview-protocol.ts` to itself): they must stay the
 * protocol's.
 */
import { LIVE_PAGE_PREVIEW_PARAM, LIVE_PAGE_READY_TYPE } from '../../../src/features/templates/components/live-page';
import { isPreviewReady, PREVIEW_PARAM } from '../../../src/respondent/preview-protocol';

it("uses the preview protocol's query parameter and ready message", () => {
  expect(LIVE_PAGE_PREVIEW_PARAM).toBe(PREVIEW_PARAM);
  expect(isPreviewReady({ type: LIVE_PAGE_READY_TYPE })).toBe(true);
});
