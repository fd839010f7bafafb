/**
 * Form themes in headless Chromium against the whole product (spec 000 §2 choose_theme, spec 001 §2 AI theme
 * designer, §9): a form made in a featured theme is drawn in it by the editor's preview and by the published public
 * form (its colours, its bundled font); the AI theme designer reads an uploaded picture, shows 'Generating theme',
 * creates 'AI Theme' and chooses it; the editor changes a form's theme, which the live form shows at once. The
 * screens are checked with axe at a desktop width and at 390 px (nothing overflows). With `SCREENSHOT_DIR` set,
 * each checked screen is saved there.
 */
import path from 'node:path';
import type { Frame, Page } from 'playwright-core';
import * as copy from '@formloom/contracts/copy';
import { exampleFormTemplate } from '@formloom/contracts/example-forms';
import { FEATURED_THEMES, themeCssVariables } from '@formloom/contracts/rules/themes';
import { apiOf, eventually, overflow, signUpInBrowser, useProductInBrowser, violations } from './harness';

const running = useProductInBrowser();

async function shot(page: Page, name: string): Promise<void> {
  if (process.env.SCREENSHOT_DIR) await page.screenshot({ path: path.join(process.env.SCREENSHOT_DIR, `${name}.png`), fullPage: true });
}

/** The public form root's computed background colour and font family. */
function formLook(target: Page | Frame): Promise<{ background: string; font: string; primary: string }> {
  return target.evaluate(() => {
    const browser = globalThis as unknown as { document: { querySelector(s: string): unknown }; getComputedStyle(e: unknown): { backgroundColor: string; fontFamily: string; getPropertyValue(n: string): string } };
    const root = browser.document.querySelector('main')!;
    const style = browser.getComputedStyle((root as { parentElement: unknown }).parentElement);
    return { background: style.backgroundColor, font: style.fontFamily, primary: style.getPropertyValue('--fl-color-primary').trim() };
  });
}

/** Gives form `publicIdentifier` the example questions and publishes it, as the caller of `page`. */
async function publishExample(page: Page, url: string, publicIdentifier: string): Promise<void> {
  const saved = await page.request.put(`${url}/admin/flows/${publicIdentifier}/template`, { data: { template: exampleFormTemplate() }, headers: { origin: url } });
  expect(saved.status()).toBe(200);
  await apiOf(page.request, url).post(`/admin/flows/${publicIdentifier}/publish`, {});
}

/** `#rrggbb` as the `rgb(r, g, b)` a computed style gives. */
function rgb(hex: string): string {
  const n = Number.parseInt(hex.slice(1), 16);
  return `rgb(${(n >> 16) & 255}, ${(n >> 8) & 255}, ${n & 255})`;
}

it('makes a form in a featured theme, drawn so by the preview and the live form, and changes it in the editor', async () => {
  const { url } = running.product();
  const context = await running.browser().newContext({ viewport: { width: 1366, height: 900 }, bypassCSP: true });
  const page = await context.newPage();
  await signUpInBrowser(page, url, 'ada-themes@example.com');

  await page.getByTestId('create-form-button').click();
  await page.getByTestId('new-flow-card-blank').click();
  await page.getByRole('heading', { name: copy.themes.chooseTitle }).waitFor();
  // Continue without a theme says what is missing.
  await page.getByTestId('theme-confirm').click();
  await page.getByText(copy.themes.selectToContinue).waitFor();
  await page.getByTestId('theme-option-navyPop').click();
  await shot(page, 'themes-choose-desktop');
  expect(await violations(page)).toEqual([]);
  await page.getByTestId('theme-confirm').click();
  await page.getByTestId('new-flow-theme').getByText(copy.themes.featuredNames.navyPop).waitFor();
  await page.getByTestId('new-flow-create').click();
  await page.waitForURL(/\/editor\/[^/]+\/edit/);
  const publicIdentifier = /\/editor\/([^/]+)\/edit/.exec(page.url())![1]!;

  // The preview draws the draft in the theme.
  const navy = themeCssVariables(FEATURED_THEMES.navyPop);
  const frameElement = await page.getByTestId('form-preview').locator('iframe').elementHandle();
  const frame = (await frameElement!.contentFrame())!;
  await frame.getByTestId('preview-banner').waitFor();
  await eventually(async () => (await formLook(frame)).background === rgb(FEATURED_THEMES.navyPop.colors.background));
  expect((await formLook(frame)).primary).toBe(navy['--fl-color-primary']);
  expect((await formLook(frame)).font).toContain('Montserrat Variable');
  await shot(page, 'themes-editor-preview');

  // Published, the live form is drawn in it, with its bundled font loaded.
  await publishExample(page, url, publicIdentifier);
  const live = await context.newPage();
  await live.goto(`${url}/t/${publicIdentifier}`);
  await live.getByRole('heading').first().waitFor();
  expect((await formLook(live)).background).toBe(rgb(FEATURED_THEMES.navyPop.colors.background));
  await eventually(() => live.evaluate(() => (globalThis as unknown as { document: { fonts: { check(f: string): boolean } } }).document.fonts.check('16px "Montserrat Variable"')));
  expect(await violations(live)).toEqual([]);
  await shot(live, 'themes-live-navy');

  // The editor changes the theme; the live form shows it at once (no publish).
  await page.getByTestId('flow-theme-button').click();
  const dialog = page.getByTestId('flow-theme-dialog');
  await dialog.getByTestId('theme-option-wallFlower').click();
  await dialog.getByTestId('theme-confirm').click();
  await page.getByText(copy.themes.design.saved).waitFor();
  await page.getByTestId('flow-theme-button').getByText(copy.themes.featuredNames.wallFlower).waitFor();
  await eventually(async () => (await formLook(frame)).font.includes('Lora Variable'));
  await live.reload();
  await live.getByRole('heading').first().waitFor();
  expect((await formLook(live)).font).toContain('Lora Variable');
  await context.close();
});

it('creates a theme with AI from a picture and a form in it; the theme editor saves a logo; all fits a phone', async () => {
  const { url } = running.product();
  const context = await running.browser().newContext({ viewport: { width: 390, height: 844 }, bypassCSP: true, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  await signUpInBrowser(page, url, 'grace-themes@example.com');
  // A warm, mostly light picture: a photo-like PNG made by the browser itself.
  const scratch = await context.newPage();
  await scratch.setContent(
    '<div id="p" style="width:240px;height:160px;background:linear-gradient(135deg,#f6e7d8 0%,#f6e7d8 55%,#e4572e 56%,#e4572e 80%,#3a2f2a 81%)"></div>',
  );
  const picture = await scratch.locator('#p').screenshot({ type: 'png' });
  await scratch.close();

  const me = await apiOf(page.request, url).get<{ workspaces: { slug: string }[] }>('/auth/me');
  await page.goto(`${url}/home/forms/${me.workspaces[0]!.slug}/new/choose_theme`);
  await page.getByTestId('theme-create-ai').click();
  const designer = page.getByTestId('ai-theme-modal');
  await designer.getByText(copy.themes.aiHint).waitFor();
  expect(await violations(page)).toEqual([]);
  await shot(page, 'themes-ai-mobile');
  const chooser = page.waitForEvent('filechooser');
  await designer.getByTestId('ai-theme-choose').click();
  await (await chooser).setFiles({ name: 'sunset.png', mimeType: 'image/png', buffer: picture });
  await designer.getByTestId('ai-theme-generating').waitFor();
  await shot(page, 'themes-ai-generating');
  // Created as 'AI Theme' and chosen.
  await designer.getByTestId('ai-theme-generating').waitFor({ state: 'detached', timeout: 20_000 });
  const chosen = page.locator('[aria-pressed="true"]');
  await chosen.getByText(copy.themes.aiThemeName, { exact: true }).waitFor();
  const themes = await apiOf(page.request, url).get<{ themes: { publicIdentifier: string; name: string; theme: { colors: { primary: string } } }[] }>('/admin/themes');
  expect(themes.themes.map((theme) => theme.name)).toEqual([copy.themes.aiThemeName]);
  // The picture's orange is the primary colour (or a darker, readable version of it).
  const primary = Number.parseInt(themes.themes[0]!.theme.colors.primary.slice(1), 16);
  expect((primary >> 16) & 255).toBeGreaterThan(((primary >> 8) & 255) + 40);
  expect(await overflow(page)).toBeLessThanOrEqual(0);
  await shot(page, 'themes-choose-mobile');

  // A second AI theme from the same picture is numbered.
  await page.getByTestId('theme-create-ai').click();
  const again = page.waitForEvent('filechooser');
  await page.getByTestId('ai-theme-choose').click();
  await (await again).setFiles({ name: 'sunset.png', mimeType: 'image/png', buffer: picture });
  await page.locator('[aria-pressed="true"]').getByText(`${copy.themes.aiThemeName} (2)`).waitFor();

  // Make your own: a logo uploaded, saved, chosen.
  await page.getByTestId('theme-make-your-own').click();
  const editor = page.getByTestId('theme-editor');
  await editor.getByLabel(copy.themes.editor.name).fill('Studio');
  const logoChooser = page.waitForEvent('filechooser');
  await editor.getByTestId('theme-logo').click();
  await (await logoChooser).setFiles({ name: 'logo.png', mimeType: 'image/png', buffer: picture });
  await editor.getByRole('button', { name: `${copy.themes.editor.remove}: ${copy.themes.editor.logo}` }).waitFor();
  expect(await violations(page)).toEqual([]);
  await shot(page, 'themes-editor-mobile');
  await editor.getByTestId('theme-save').click();
  await page.locator('[aria-pressed="true"]').getByText('Studio').waitFor();

  await page.getByTestId('theme-confirm').click();
  await page.getByTestId('new-flow-create').click();
  await page.waitForURL(/\/editor\/[^/]+\/edit/);
  const publicIdentifier = /\/editor\/([^/]+)\/edit/.exec(page.url())![1]!;
  await publishExample(page, url, publicIdentifier);
  const live = await context.newPage();
  await live.goto(`${url}/t/${publicIdentifier}`);
  const logo = live.getByTestId('form-logo');
  await logo.waitFor();
  await eventually(() => logo.evaluate((image) => (image as unknown as { naturalWidth: number }).naturalWidth > 0));
  expect(await overflow(live)).toBeLessThanOrEqual(0);
  expect(await violations(live)).toEqual([]);
  await shot(live, 'themes-live-logo-mobile');
  await context.close();
});
