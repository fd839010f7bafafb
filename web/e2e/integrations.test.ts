/**
 * Connected accounts in headless Chromium against the whole product and fake Airtable and Notion servers that speak
 * their documented APIs (services/integrations/src/testing): on a desktop, an admin connects Airtable with a token
 * from the settings page, then the token is revoked at Airtable and 'Check connection' shows the account needing
 * reconnecting; on a 390 px phone the list and the account's page, where a new token reconnects it. A member then
 * connects Slack by OAuth: the browser goes to the fake Slack, is sent back to the product's callback and on to the
 * integrations page with the new account. Each screen is
 * checked with axe and for sideways scrolling; with `SCREENSHOT_DIR` set, it is saved there.
 */
import path from 'node:path';
import type { Page } from 'playwright-core';
import * as copy from '@formloom/contracts/copy';
import { AIRTABLE_CONNECT_TEXT } from '@formloom/contracts/integrations/connect/airtable';
import { startFakeAirtable, type FakeAirtable } from '@formloom/integrations/testing/fake-airtable';
import { startFakeSlack, type FakeSlack } from '@formloom/integrations/testing/fake-slack';
import { overflow, signUpInBrowser, useProductInBrowser, violations } from './harness';

const TOKEN = 'patE2eToken000001.0123456789abcdef0123456789abcdef';
const NEW_TOKEN = 'patE2eToken000002.0123456789abcdef0123456789abcdef';

let airtable: FakeAirtable;
let slack: FakeSlack;
const env: Record<string, string> = {};
// Before the product starts (hooks run in the order they are registered): it is pointed at the fakes.
beforeAll(async () => {
  airtable = await startFakeAirtable();
  airtable.addToken(TOKEN, { id: 'usrE2e', email: 'ada-integrations@example.com', scopes: ['data.records:read', 'data.records:write'] });
  slack = await startFakeSlack();
  env.PROVIDER_API_URLS = `airtable=${airtable.url},slack=${slack.url}`;
  env.OAUTH_CLIENTS = `slack=${slack.client.id}:${slack.client.secret}`;
});
const running = useProductInBrowser({ env });
afterAll(async () => {
  await airtable.close();
  await slack.close();
});

async function shot(page: Page, name: string): Promise<void> {
  if (process.env.SCREENSHOT_DIR) await page.screenshot({ path: path.join(process.env.SCREENSHOT_DIR, `${name}.png`), fullPage: true });
}

it('connects Airtable, shows a revoked token as needing reconnecting, and reconnects it on a phone', async () => {
  const { url } = running.product();
  const desktop = await running.browser().newContext({ viewport: { width: 1366, height: 900 }, bypassCSP: true });
  const page = await desktop.newPage();
  await signUpInBrowser(page, url, 'ada-integrations@example.com');
  await page.goto(`${url}/home/settings`);
  await page.getByRole('link', { name: copy.integrations.pageTitle }).click();
  await page.getByRole('heading', { name: copy.integrations.pageTitle }).waitFor();
  await page.getByText(copy.integrations.noConnections).waitFor();
  await shot(page, 'integrations-empty-desktop');
  expect(await violations(page)).toEqual([]);

  await page.getByRole('button', { name: copy.integrations.connectAccount }).click();
  await page.getByRole('dialog', { name: copy.integrations.chooseService }).getByRole('button', { name: /Airtable/ }).click();
  const dialog = page.getByRole('dialog', { name: copy.integrations.connectTitle('Airtable') });
  await dialog.getByLabel(AIRTABLE_CONNECT_TEXT.apiKeyLabel).fill(TOKEN);
  await shot(page, 'integrations-connect-desktop');
  expect(await violations(page)).toEqual([]);
  await dialog.getByRole('button', { name: copy.integrations.connect }).click();
  await dialog.waitFor({ state: 'hidden' });
  const row = page.getByTestId('service-row');
  await row.getByTestId('service-status').getByText(copy.integrations.connected).waitFor();
  expect(await row.textContent()).toContain('ada-integrations@example.com');
  expect(airtable.requests.map((request) => [request.path, request.token === TOKEN])).toEqual([['/v0/meta/whoami', true]]);
  await shot(page, 'integrations-list-desktop');
  expect(await violations(page)).toEqual([]);

  // Revoked at Airtable: the check finds it.
  airtable.revoke(TOKEN);
  await row.getByRole('button', { name: copy.integrations.actions(copy.integrations.firstConnection('Airtable')) }).click();
  await page.getByRole('menuitem', { name: copy.integrations.check }).click();
  await row.getByTestId('service-status').getByText(copy.integrations.broken).waitFor();
  await row.getByTestId('service-problem').waitFor();
  await shot(page, 'integrations-broken-desktop');
  expect(await violations(page)).toEqual([]);

  // On a phone: the list, then the account's page, where a new token reconnects it.
  await page.setViewportSize({ width: 390, height: 844 });
  await shot(page, 'integrations-broken-phone');
  expect(await violations(page)).toEqual([]);
  expect(await overflow(page)).toBe(0);
  await row.getByRole('link', { name: copy.integrations.firstConnection('Airtable') }).click();
  await page.getByRole('heading', { name: copy.integrations.firstConnection('Airtable') }).waitFor();
  await page.getByTestId('service-problem').waitFor();
  await shot(page, 'integrations-edit-phone');
  expect(await violations(page)).toEqual([]);
  expect(await overflow(page)).toBe(0);
  airtable.addToken(NEW_TOKEN, { id: 'usrE2e', email: 'ada-integrations@example.com', scopes: ['data.records:read'] });
  await page.getByLabel(AIRTABLE_CONNECT_TEXT.apiKeyLabel).fill(NEW_TOKEN);
  await page.getByRole('button', { name: copy.integrations.save }).click();
  await page.getByText(copy.integrations.savedToast(copy.integrations.firstConnection('Airtable'))).waitFor();
  await page.getByTestId('service-status').getByText(copy.integrations.connected).waitFor();
  await shot(page, 'integrations-reconnected-phone');
  expect(await violations(page)).toEqual([]);
  expect(await page.content()).not.toContain(NEW_TOKEN);
  await desktop.close();
});

it('connects Slack by signing in at Slack and coming back to the integrations page', async () => {
  const { url } = running.product();
  const context = await running.browser().newContext({ viewport: { width: 1366, height: 900 }, bypassCSP: true });
  const page = await context.newPage();
  await signUpInBrowser(page, url, 'grace-integrations@example.com');
  await page.goto(`${url}/home/integrations`);
  await page.getByRole('button', { name: copy.integrations.connectAccount }).click();
  await page.getByRole('dialog', { name: copy.integrations.chooseService }).getByRole('button', { name: /Slack/ }).click();
  const dialog = page.getByRole('dialog', { name: copy.integrations.connectTitle('Slack') });
  await dialog.getByText(copy.integrations.oauthHint('Slack')).waitFor();
  await shot(page, 'integrations-slack-desktop');
  expect(await violations(page)).toEqual([]);
  await dialog.getByRole('button', { name: copy.integrations.connectWith('Slack') }).click();
  // Slack (the fake) approves at once and sends the browser to the product's callback, which sends it back here.
  await page.waitForURL(`${url}/home/integrations`);
  await page.getByText(copy.integrations.connectedToast(copy.integrations.firstConnection('Slack'))).waitFor();
  const row = page.getByTestId('service-row');
  await row.getByTestId('service-status').getByText(copy.integrations.connected).waitFor();
  expect(await row.textContent()).toContain('Slack · Acme HQ');
  expect(slack.requests.map((request) => request.path)).toEqual(['/oauth/v2/authorize', '/api/oauth.v2.access']);
  await shot(page, 'integrations-slack-connected-desktop');
  expect(await violations(page)).toEqual([]);
  await context.close();
});
