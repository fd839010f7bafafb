/**
 * The main job from a user's seat (docs/product-rules.md §1), in headless Chromium against the whole product in one process:
 * sign up → create a form → add a required ShortAnswer and an EmailInput → publish → open the public link in a
 * fresh browser context (phone-sized) → submit empty and see the required error → submit valid answers → the
 * submission is in results → turn on the thank-you workflow, submit again → the email is in the mail log.
 *
 * Uses Debian's Chromium (`CHROMIUM_PATH`, default /usr/bin/chromium) through playwright-core; never downloads a
 * browser. The web app must be built first (`npm test` does it).
 */
import type { Page } from 'playwright-core';
import * as copy from '@formloom/contracts/copy';
import { PRODUCT_NAME } from '@formloom/contracts/copy';
import { signUpInBrowser, useProductInBrowser, createBlankFormInBrowser } from './harness';

const running = useProductInBrowser();

/** Polls `check` until it returns a value (not undefined) or the deadline passes. */
async function eventually<T>(check: () => Promise<T | undefined>, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error('timed out waiting for a condition');
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

async function addQuestion(page: Page, typeName: string, label: string, required: boolean): Promise<void> {
  const before = await page.getByTestId('question-card').count();
  await page.getByRole('button', { name: 'Add question' }).first().click();
  await page.getByRole('menuitem', { name: typeName, exact: true }).click();
  const card = page.getByTestId('question-card').nth(before);
  await card.waitFor();
  await card.getByLabel('Question label').fill(label);
  const requiredBox = card.getByLabel('Required');
  if ((await requiredBox.isChecked()) !== required) await requiredBox.click();
}

it('builds, publishes and fills a form whose submission sends a thank-you email', async () => {
  const url = running.product().url;
  const browser = running.browser();
  const owner = await browser.newContext();
  const page = await owner.newPage();

  // Sign up.
  await signUpInBrowser(page, url, 'ada@example.com');
  expect(await page.getByTestId('welcome').textContent()).toContain('Ada');

  // Create a blank form: the editor opens at the first step.
  const publicIdentifier = await createBlankFormInBrowser(page);

  await addQuestion(page, 'Short answer', 'Your name', true);
  await addQuestion(page, 'Email', 'Your email', true);
  await page.getByRole('button', { name: 'Publish' }).click();
  await page.getByTestId('saved-indicator').waitFor();
  await eventually(async () => ((await page.getByTestId('flow-status').first().textContent())?.match(/live/i) ? true : undefined));

  // A respondent on a phone, in a fresh browser context (no session).
  const visitor = await browser.newContext({ viewport: { width: 375, height: 740 }, isMobile: true });
  const form = await visitor.newPage();
  // The page comes with the live form inside (the gateway embeds it): the browser never asks for it again, and
  // loads none of the editor's code.
  const requested: string[] = [];
  form.on('request', (request) => requested.push(new URL(request.url()).pathname));
  const opened = await form.goto(`${url}/t/${publicIdentifier}`);
  expect(await opened?.headerValue('content-encoding')).toBe('br');
  await form.getByLabel('Your name').waitFor();
  expect(await form.title()).toBe(`${await form.getByTestId('form-title').textContent()} · ${PRODUCT_NAME}`);
  expect(requested.filter((path) => path.startsWith('/public/'))).toEqual([]);
  expect(requested.filter((path) => path.endsWith('.js')).length).toBeGreaterThan(0);
  await form.getByRole('button', { name: 'Submit' }).click();
  await form.getByText(copy.answers.required).first().waitFor();
  expect(await form.getByText(copy.answers.required).count()).toBe(2);

  await form.getByLabel('Your name').fill('Grace Hopper');
  await form.getByLabel('Your email').fill('not-an-email');
  await form.getByRole('button', { name: 'Submit' }).click();
  await form.getByText(copy.answers.invalidEmail).waitFor();
  await form.getByLabel('Your email').fill('grace@example.com');
  await form.getByRole('button', { name: 'Submit' }).click();
  await form.getByTestId('form-ending').waitFor();

  // The submission is in results.
  await page.getByRole('tab', { name: 'Results' }).click();
  await page.getByTestId('results-row').first().waitFor();
  expect(await page.getByTestId('results-row').count()).toBe(1);
  expect(await page.getByTestId('results-table').textContent()).toContain('grace@example.com');

  // Turn on the thank-you workflow, then submit again.
  await page.getByRole('tab', { name: 'Workflows' }).click();
  const toggle = page.getByLabel('Send a thank-you email');
  await toggle.waitFor();
  await toggle.click();
  await eventually(async () => ((await toggle.isChecked()) ? true : undefined));
  await eventually(async () => {
    const response = await page.request.get(`${url}/admin/workflows?flowPublicIdentifier=${publicIdentifier}`);
    const body = (await response.json()) as { workflows: { isActive: boolean; publishedAt: string | null }[] };
    return body.workflows.some((w) => w.isActive && w.publishedAt) ? true : undefined;
  });
  // Its steps show as canvas cards with their setup status lines; the email's panel opens on its Email tab.
  const triggerCard = page.locator('[data-testid="workflow-node-card"][data-node-id="trigger"]');
  expect(await triggerCard.textContent()).toContain(copy.workflows.formSubmittedDescription);
  // The switch created the workflow from the gallery: its email step's id is generated.
  const emailCard = page.locator('[data-testid="workflow-node-card"]:not([data-node-id="trigger"])');
  expect(await emailCard.getAttribute('data-complete')).toBe('true');
  expect(await emailCard.textContent()).toContain(copy.email.defaultSubject);
  await emailCard.click();
  await page.getByRole('tab', { name: 'Email', exact: true, selected: true }).waitFor();

  const second = await visitor.newPage();
  await second.goto(`${url}/t/${publicIdentifier}`);
  await second.getByLabel('Your name').fill('Katherine Johnson');
  await second.getByLabel('Your email').fill('katherine@example.com');
  await second.getByRole('button', { name: 'Submit' }).click();
  await second.getByTestId('form-ending').waitFor();

  // The email is in the mail log (the signed-up user is the organization's admin).
  const message = await eventually(async () => {
    const response = await page.request.get(`${url}/admin/mail`);
    const body = (await response.json()) as { messages: { to: string; subject: string; text: string }[] };
    return body.messages.find((m) => m.to.includes('katherine@example.com'));
  });
  expect(message.subject).toBe(copy.email.defaultSubject);
  expect(message.text).toContain(copy.email.defaultBodyGreeting);
  expect(message.text).toContain('Katherine Johnson');

  // And its run shows as succeeded on the workflows tab.
  await page.locator('[data-testid="workflow-run"][data-status="succeeded"]').first().waitFor({ timeout: 20_000 });

  await visitor.close();
  await owner.close();
});
