/**
 * The editor's live preview, in headless Chromium against the whole product: beside the editor on a wide
 * screen, it shows the draft as it is being edited (before it is saved or published), follows the page selected
 * in the editor, switches between desktop and phone widths, and stores nothing when its form is submitted.
 */
import type { Frame, Page } from 'playwright-core';
import { eventually, signUpInBrowser, useProductInBrowser, createBlankFormInBrowser } from './harness';

const running = useProductInBrowser();

/** The preview's frame, once its form is shown. */
async function previewFrame(page: Page): Promise<Frame> {
  const element = await page.getByTestId('form-preview').locator('iframe').elementHandle();
  const frame = await element!.contentFrame();
  await frame!.getByTestId('preview-banner').waitFor();
  return frame!;
}

it('shows the draft as it is edited, follows the selected page, and stores nothing', async () => {
  const { url } = running.product();
  const page = await running.browser().newPage({ viewport: { width: 1440, height: 900 } });
  await signUpInBrowser(page, url, 'ada-preview@example.com');
  await createBlankFormInBrowser(page);

  // Wide screen: the preview is beside the editor.
  const frame = await previewFrame(page);

  // A question added and labelled in the editor shows in the preview at once (before any save).
  await page.getByRole('button', { name: 'Add question' }).first().click();
  await page.getByRole('menuitem', { name: 'Short answer', exact: true }).click();
  const label = page.getByLabel('Question label').last();
  await label.fill('What should we call you?');
  await frame.getByLabel('What should we call you?').waitFor();

  // A second page selected in the editor is the page the preview shows; the first page again, then the ending.
  await page.getByTestId('add-page-button').click();
  await frame.getByTestId('page-heading').filter({ hasText: 'Page 2' }).waitFor();
  await page.getByTestId('page-item').first().click();
  await frame.getByLabel('What should we call you?').waitFor();
  await page.getByTestId('ending-item').first().click();
  await frame.getByTestId('form-ending').waitFor();
  await page.getByTestId('page-item').first().click();
  await frame.getByLabel('What should we call you?').waitFor();

  // Phone width.
  await page.getByText('Mobile', { exact: true }).click();
  await eventually(async () => ((await page.getByTestId('form-preview').locator('iframe').boundingBox())?.width ?? 999) <= 391);

  // Submitting the preview shows the ending and stores nothing. (Once the editor has saved: a loaded machine may
  // still be saving the draft, and each save sends the preview its state again.)
  await page.getByText('All changes saved').waitFor({ timeout: 60_000 });
  await frame.getByLabel('What should we call you?').fill('Ada');
  await frame.getByRole('button', { name: 'Next' }).click();
  await frame.getByTestId('page-heading').filter({ hasText: 'Page 2' }).waitFor();
  await frame.getByRole('button', { name: 'Submit' }).click();
  await frame.getByTestId('form-ending').waitFor({ timeout: 60_000 });
  const publicIdentifier = /\/editor\/([^/]+)\/edit/.exec(page.url())![1]!;
  const results = await page.request.get(`${url}/admin/flows/${publicIdentifier}/submissions`);
  expect((await results.json()).totalResponses).toBe(0);

  // Hidden on demand.
  await page.getByTestId('preview-toggle').click();
  await eventually(async () => (await page.getByTestId('form-preview').count()) === 0);
  await page.close();
});
