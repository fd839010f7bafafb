/**
 * Every screen the app has, checked with axe-core (WCAG 2 A and AA rules: names, labels, roles, colour contrast …)
 * in headless Chromium, at a desktop width and at 390 px: login, sign-up, home with the confirmation banner, the
 * editor with a question and unsaved changes, its Share, Results and Workflows tabs, the settings page and its new
 * API key dialog, the public form before and after a refused submit, and the confirmation page. A violation fails the test with the rule and the elements.
 *
 * axe is injected into the page, so the page's CSP (which admits no inline script) is bypassed for this test only.
 */
import type { Browser, Page } from 'playwright-core';
import { useProductInBrowser, violations, createBlankFormInBrowser } from './harness';

const running = useProductInBrowser();

/** Runs every screen at `viewport` and returns the violations found, by screen. */
async function auditAt(browser: Browser, url: string, viewport: { width: number; height: number }): Promise<Record<string, string[]>> {
  const found: Record<string, string[]> = {};
  const check = async (page: Page, screen: string) => {
    const list = await violations(page);
    if (list.length > 0) found[screen] = list;
  };
  const owner = await browser.newContext({ viewport, bypassCSP: true });
  const page = await owner.newPage();

  // The web app's routes (web/src/config/paths.ts, browser code outside this program).
  await page.goto(`${url}/login`);
  await page.getByRole('button', { name: 'Log in' }).waitFor();
  await check(page, 'login');

  await page.goto(`${url}/signup`);
  await page.getByLabel('First name').fill('Ada');
  await page.getByLabel('Last name').fill('Lovelace');
  await page.getByLabel('Email').fill(`ada-${viewport.width}@example.com`);
  await page.getByLabel('Password').fill('analytical-engine');
  await check(page, 'signup');
  await page.getByRole('button', { name: 'Sign up' }).click();
  await page.getByTestId('verify-email-banner').waitFor();
  await check(page, 'home with the confirmation banner');

  const publicIdentifier = await createBlankFormInBrowser(page);
  await page.getByRole('button', { name: 'Add question' }).first().click();
  await page.getByRole('menuitem', { name: 'Short answer', exact: true }).waitFor();
  await check(page, 'editor with the question types menu open');
  await page.getByRole('menuitem', { name: 'Short answer', exact: true }).click();
  const card = page.getByTestId('question-card').first();
  await card.getByLabel('Question label').fill('Your name');
  if (!(await card.getByLabel('Required').isChecked())) await card.getByLabel('Required').click();
  await page.getByTestId('unsaved-indicator').waitFor();
  await check(page, 'editor');
  await page.getByRole('button', { name: 'Publish' }).click();
  // The draft saves itself, so 'All changes saved' can show before the publish is through: wait for Live.
  await page.getByTestId('flow-status').getByText('Live').waitFor();

  for (const [tab, ready] of [
    ['share', 'public-link'],
    ['results', null],
    ['workflows', null],
  ] as const) {
    await page.getByTestId(`tab-${tab}`).click();
    await page.waitForURL(new RegExp(`/${tab}$`));
    if (ready) await page.getByTestId(ready).waitFor();
    else await page.waitForLoadState('networkidle');
    await check(page, `editor ${tab}`);
  }

  // The settings page with the API key dialog open (an admin's: the one who signed up).
  await page.goto(`${url}/home/settings`);
  await page.getByRole('button', { name: 'Create API key' }).waitFor();
  await check(page, 'settings');
  await page.getByRole('button', { name: 'Create API key' }).click();
  await page.getByRole('dialog').waitFor();
  await check(page, 'settings with the new key dialog');
  await page.keyboard.press('Escape');

  const visitor = await browser.newContext({ viewport, bypassCSP: true });
  const form = await visitor.newPage();
  await form.goto(`${url}/t/${publicIdentifier}`);
  await form.getByLabel('Your name').waitFor();
  await check(form, 'public form');
  await form.getByRole('button', { name: 'Submit' }).click();
  await form.locator('[data-invalid="true"]').first().waitFor();
  await check(form, 'public form with errors');

  await form.goto(`${url}/verify-email?token=${'x'.repeat(43)}`);
  await form.getByTestId('verify-email-failed').waitFor();
  await check(form, 'confirmation page');

  await visitor.close();
  await owner.close();
  return found;
}

it.each([
  ['desktop', { width: 1280, height: 800 }],
  ['390 px', { width: 390, height: 844 }],
])('finds no WCAG 2 A/AA violation on any screen (%s)', async (_label, viewport) => {
  expect(await auditAt(running.browser(), running.product().url, viewport)).toEqual({});
});
