/**
 * The template gallery in headless Chromium against the whole product (spec 000 §2 "template", §3 "Cloneable
 * template", §5): the gallery with its categories, search and page pictures (the committed renders, served by the
 * product); a template's preview and 'Use this template', which opens the new form in the editor; an admin making a
 * published form a template, which the team's gallery lists and previews by drawing its pages live, and removing it; and the gallery
 * and preview at 390 px. Each screen is checked with axe; with `SCREENSHOT_DIR` set, it is saved there.
 */
import path from 'node:path';
import type { Page } from 'playwright-core';
import * as copy from '@formloom/contracts/copy';
import { findCatalogueTemplate } from '@formloom/contracts/templates/catalogue';
import { apiOf, eventually, overflow, signUpInBrowser, useProductInBrowser, violations } from './harness';

const running = useProductInBrowser();

async function shot(page: Page, name: string): Promise<void> {
  if (process.env.SCREENSHOT_DIR) await page.screenshot({ path: path.join(process.env.SCREENSHOT_DIR, `${name}.png`), fullPage: true });
}

/** Whether every `<img>` in the dialog has loaded a picture (none broken). */
function picturesLoaded(page: Page): Promise<boolean> {
  return page.getByTestId('new-flow-dialog').evaluate((dialog) => {
    const images = [...(dialog as unknown as { querySelectorAll(s: string): Iterable<{ complete: boolean; naturalWidth: number; loading: string; getBoundingClientRect(): { top: number } }> }).querySelectorAll('img')];
    const eager = images.filter((image) => image.loading !== 'lazy' || image.getBoundingClientRect().top < 900);
    return eager.length > 0 && eager.every((image) => image.complete && image.naturalWidth > 0);
  });
}

it("browses the gallery, previews a template's pages and makes a form from it; an admin's own template is listed and drawn live", async () => {
  const { url } = running.product();
  const context = await running.browser().newContext({ viewport: { width: 1366, height: 900 }, bypassCSP: true });
  const page = await context.newPage();
  await signUpInBrowser(page, url, 'tess-templates@example.com');

  await page.getByTestId('create-form-button').click();
  await page.getByTestId('new-flow-card-template').click();
  await page.getByTestId('templates-grid').waitFor();
  await page.getByTestId('template-card-rsvp-form').waitFor();
  await eventually(() => picturesLoaded(page), 20_000);
  await shot(page, 'templates-gallery-desktop');
  expect(await violations(page)).toEqual([]);

  await page.getByTestId('templates-category-quiz').click();
  await page.getByTestId('templates-search').fill('job');
  await page.getByTestId('template-card-job-application').click();
  const preview = page.getByTestId('template-preview');
  await preview.waitFor();
  const entry = findCatalogueTemplate('job-application')!;
  await preview.getByRole('heading', { name: entry.name }).waitFor();
  await eventually(() => picturesLoaded(page), 20_000);
  const second = Object.keys(entry.template.steps)[1]!;
  await page.getByTestId(`template-page-${second}`).click();
  await eventually(async () => ((await preview.getByRole('img').first().getAttribute('src')) ?? '').includes(`/${second}-`));
  await shot(page, 'templates-preview-desktop');
  expect(await violations(page)).toEqual([]);

  await page.getByTestId('template-use').click();
  await page.waitForURL(/\/editor\/[^/]+\/edit/);
  const publicIdentifier = /\/editor\/([^/]+)\/edit/.exec(page.url())![1]!;
  await page.getByTestId('flow-title').getByText(entry.name).waitFor();

  // The signed-up user is their organization's admin: publish the new form and make it a template.
  const api = apiOf(page.request, url);
  await api.post(`/admin/flows/${publicIdentifier}/publish`, {});
  await page.goto(`${url}/home`);
  await page.getByTestId('flow-actions').first().click();
  await page.getByTestId('flow-action-make-template').click();
  await page.getByTestId('make-template-name').fill('Our hiring form');
  await page.getByTestId('make-template-categories').click();
  await page.getByRole('option', { name: 'HR & recruiting' }).click();
  await page.keyboard.press('Escape');
  await shot(page, 'templates-make-template');
  expect(await violations(page)).toEqual([]);
  await page.getByTestId('make-template-submit').click();
  await page.getByTestId('make-template-done').waitFor();
  const link = await page.getByTestId('make-template-link').inputValue();
  expect(link).toMatch(new RegExp(`^${url}/templates/our-hiring-form-[a-z0-9]{8}$`));

  // The link opens the team's template, its pages drawn live by the public form's own page.
  await page.goto(link);
  await page.getByTestId('template-preview').waitFor();
  const frame = (await page.getByTestId('template-preview').locator('iframe').first().elementHandle())!;
  const content = (await frame.contentFrame())!;
  await content.getByRole('heading').first().waitFor();
  // Drawn as a picture of the page: without the editor preview's banner.
  expect(await content.getByTestId('preview-banner').count()).toBe(0);
  await shot(page, 'templates-own-preview');
  expect(await violations(page)).toEqual([]);
  await page.getByTestId('template-preview-back').click();
  await page.getByTestId('templates-category-organization').click();
  await page.getByRole('button', { name: 'Our hiring form' }).click();

  // The admin removes it: confirmed, then gone from the team's gallery; the form stays.
  await page.getByTestId('template-remove').click();
  await page.getByTestId('template-remove-confirm').click();
  await page.getByTestId('templates-grid').waitFor();
  await eventually(async () => (await page.getByTestId('templates-category-organization').count()) === 0);
  expect((await page.request.get(`${url}/public/flows/templates/${publicIdentifier}?mode=live`)).status()).toBe(200);
  await context.close();
});

it('fits a 390 px screen: categories as a select, cards in one column, the preview without overflow', async () => {
  const { url } = running.product();
  const context = await running.browser().newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, bypassCSP: true });
  const page = await context.newPage();
  await signUpInBrowser(page, url, 'tess-templates-phone@example.com');
  await page.goto(`${url}/home/forms/new/template`);
  await page.getByTestId('templates-grid').waitFor();
  await page.getByTestId('templates-category-select').waitFor();
  await eventually(() => picturesLoaded(page), 20_000);
  expect(await overflow(page)).toBe(0);
  await shot(page, 'templates-gallery-mobile');
  expect(await violations(page)).toEqual([]);

  await page.getByTestId('templates-search').fill('no such template anywhere');
  await page.getByText(copy.templates.noTemplatesMatching('no such template anywhere')).waitFor();
  await page.getByTestId('templates-search').fill('');
  await page.getByTestId('template-card-rsvp-form').click();
  await page.getByTestId('template-preview').waitFor();
  await eventually(() => picturesLoaded(page), 20_000);
  expect(await overflow(page)).toBe(0);
  await shot(page, 'templates-preview-mobile');
  expect(await violations(page)).toEqual([]);
  await context.close();
});
