/**
 * An organization's subdomain in headless Chromium against the whole product, whose public address is
 * `http://localhost:<port>` (spec 000 §1 'Custom domain settings', §3; docs/architecture.md §6 workspaces-auth
 * "Domains"): the admin sets the subdomain `acme` on a desktop, and a respondent on a phone opens the form at
 * `http://acme.localhost:<port>/t/…` — Chromium resolves `*.localhost` to this machine — while another organization's
 * form is not found there; an own domain shows the DNS records to create. Each screen is checked with axe and for sideways scrolling; with `SCREENSHOT_DIR` set, it is
 * saved there.
 */
import path from 'node:path';
import type { Page } from 'playwright-core';
import * as copy from '@formloom/contracts/copy';
import { ProductClient } from '@formloom/scripts/product-client';
import { overflow, useProductInBrowser, violations } from './harness';

const running = useProductInBrowser({ host: 'localhost' });

async function shot(page: Page, name: string): Promise<void> {
  if (process.env.SCREENSHOT_DIR) await page.screenshot({ path: path.join(process.env.SCREENSHOT_DIR, `${name}.png`), fullPage: true });
}

it("sets the subdomain and serves the organization's form there, and only its own", async () => {
  const { url } = running.product();
  const site = new URL(url.replace('127.0.0.1', 'localhost'));
  const ada = await ProductClient.signUp(url, 'ada-domains@example.com');
  const form = await ada.publishFormWithEmailWorkflow('Acme contact', { fallbackRecipients: ['ada-domains@example.com'] });
  const alan = await ProductClient.signUp(url, 'alan-domains@example.com');
  const other = await alan.publishFormWithEmailWorkflow('Alan survey', { fallbackRecipients: ['alan-domains@example.com'] });

  const desktop = await running.browser().newContext({ viewport: { width: 1366, height: 900 }, bypassCSP: true });
  const admin = await desktop.newPage();
  await admin.goto(`${site.origin}/login`);
  await admin.getByLabel('Email').fill('ada-domains@example.com');
  await admin.getByLabel('Password').fill('correct-horse-battery');
  await admin.getByRole('button', { name: 'Log in' }).click();
  await admin.waitForURL(/\/home/);
  await admin.goto(`${site.origin}/home/settings`);
  await admin.getByRole('link', { name: copy.domains.settingsLink }).click();
  await admin.getByRole('heading', { name: copy.domains.pageTitle }).waitFor();
  await admin.getByRole('button', { name: copy.domains.subdomainSet }).click();
  const dialog = admin.getByRole('dialog', { name: copy.domains.subdomainSet });
  await dialog.getByLabel(copy.domains.subdomainLabel).fill('acme');
  await dialog.getByRole('button', { name: copy.domains.subdomainSave }).click();
  await admin.getByText(copy.domains.subdomainUpdated('acme')).waitFor();
  await admin.getByTestId('subdomain-url').waitFor();
  await shot(admin, 'custom-domains-desktop');
  expect(await violations(admin)).toEqual([]);
  expect(await admin.getByTestId('subdomain-url').getAttribute('href')).toBe(`http://acme.${site.host}`);

  // An own domain: the records to create, on a desktop and at 390 px.
  await admin.getByRole('textbox', { name: copy.domains.customLabel, exact: true }).fill('forms.acme.example');
  await admin.getByRole('button', { name: copy.domains.customAdd }).click();
  await admin.getByTestId('dns-records').waitFor();
  await shot(admin, 'custom-domains-records-desktop');
  expect(await violations(admin)).toEqual([]);
  await admin.setViewportSize({ width: 390, height: 844 });
  await shot(admin, 'custom-domains-records-phone');
  expect(await violations(admin)).toEqual([]);
  expect(await overflow(admin)).toBe(0);

  // A respondent on a phone, at the organization's address.
  const phone = await running.browser().newContext({ viewport: { width: 390, height: 844 }, bypassCSP: true });
  const respondent = await phone.newPage();
  await respondent.goto(`http://acme.${site.host}/t/${form.publicIdentifier}`);
  await respondent.getByTestId('public-form').waitFor();
  await respondent.getByText('Acme contact').first().waitFor();
  await shot(respondent, 'custom-domains-form-phone');
  expect(await violations(respondent)).toEqual([]);
  expect(await overflow(respondent)).toBe(0);
  const elsewhere = await respondent.goto(`http://acme.${site.host}/t/${other.publicIdentifier}`);
  expect(elsewhere?.status()).toBe(404);
  expect(await respondent.content()).not.toContain('Alan survey');
  await desktop.close();
  await phone.close();
});
