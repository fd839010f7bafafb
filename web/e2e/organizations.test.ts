/**
 * Several organizations in headless Chromium against the whole product (spec 000 §1 "users can switch organization
 * when permitted", §2 'Switch organization'): Grace, who has her own organization, is invited by Ada; on a phone
 * (390 px) she opens the mailed link, joins with her account and lands in Ada's organization with the limited access
 * granted; she switches back to her own from the workspace menu (which, on a phone, ends with the account entries); on a desktop the admin's member menu offers the role and
 * the removal. The mail goes through a local SMTP server (the network edge). Each screen is checked with axe and for
 * sideways scrolling; with `SCREENSHOT_DIR` set, it is saved there.
 */
import path from 'node:path';
import type { Page } from 'playwright-core';
import * as copy from '@formloom/contracts/copy';
import { startSmtpServer, type TestSmtpServer } from '@formloom/kit/testing-smtp';
import { eventually, overflow, popupsSettled, signUpInBrowser, useProductInBrowser, violations } from './harness';

const env: Record<string, string> = {};
let smtp: TestSmtpServer;
beforeAll(async () => {
  smtp = await startSmtpServer();
  env.SMTP_URL = smtp.url;
});
afterAll(async () => {
  await smtp.close();
});
const running = useProductInBrowser({ env });

async function shot(page: Page, name: string): Promise<void> {
  if (process.env.SCREENSHOT_DIR) await page.screenshot({ path: path.join(process.env.SCREENSHOT_DIR, `${name}.png`), fullPage: true });
}


/** The invitation link of the last message to `address` (quoted-printable soft line breaks undone). */
async function invitationLinkTo(address: string): Promise<string> {
  let link = '';
  await eventually(async () => {
    const mail = smtp.received.filter((message) => message.to.includes(address)).at(-1);
    const text = mail?.data.replace(/=\r\n/g, '').replace(/=3D/g, '=') ?? '';
    link = /https?:\/\/[^\s"<]+\/invitation\?token=[A-Za-z0-9_-]+/.exec(text)?.[0] ?? '';
    return link !== '';
  }, 30_000);
  return link;
}

it('joins a second organization with an existing account on a phone, switches back, and the admin manages the member', async () => {
  const { url } = running.product();
  // Grace, with her own organization, on a phone.
  const phone = await running.browser().newContext({ viewport: { width: 390, height: 844 }, bypassCSP: true });
  const grace = await phone.newPage();
  await grace.goto(`${url}/signup`);
  await grace.getByLabel('First name').fill('Grace');
  await grace.getByLabel('Last name').fill('Hopper');
  await grace.getByLabel('Email').fill('grace-orgs@example.com');
  await grace.getByLabel('Password').fill('compiler bugs are moths');
  await grace.getByRole('button', { name: 'Sign up' }).click();
  await grace.waitForURL(/\/home/);

  // Ada invites her with 'Limited' access to 'My workspace'.
  const desktop = await running.browser().newContext({ viewport: { width: 1366, height: 900 }, bypassCSP: true });
  const ada = await desktop.newPage();
  await signUpInBrowser(ada, url, 'ada-orgs@example.com');
  await ada.getByRole('link', { name: copy.home.inviteMembers }).click();
  const dialog = ada.getByRole('dialog', { name: copy.home.inviteMembers });
  await dialog.waitFor();
  await dialog.getByLabel(copy.members.emailLabel).fill('grace-orgs@example.com');
  await dialog.getByRole('combobox', { name: copy.members.accessLabel }).click();
  await ada.getByRole('option', { name: copy.members.accessLabels.limited }).click();
  await dialog.getByRole('button', { name: copy.members.send }).click();
  await ada.getByText(copy.members.sent('grace-orgs@example.com')).waitFor();

  // Grace opens the link: she joins with her account.
  await grace.goto(await invitationLinkTo('grace-orgs@example.com'));
  const adaOrganization = copy.auth.organizationName('Ada');
  const join = grace.getByRole('button', { name: copy.members.joinButton(adaOrganization) });
  await join.waitFor();
  await shot(grace, 'organizations-join-phone');
  expect(await violations(grace)).toEqual([]);
  expect(await overflow(grace)).toBe(0);
  await join.click();
  await grace.waitForURL(/\/home$/);
  await grace.getByText(copy.members.joined(adaOrganization)).waitFor();
  await grace.getByText(copy.roles.limitedAccessBadge).first().waitFor({ state: 'attached' });
  await shot(grace, 'organizations-joined-home-phone');
  expect(await violations(grace)).toEqual([]);
  expect(await overflow(grace)).toBe(0);

  // On a phone the workspace menu ends with the account entries: she switches back to her own from there.
  await grace.getByTestId('workspace-menu').click();
  await grace.getByRole('menuitem', { name: 'Sign out' }).waitFor();
  await popupsSettled(grace);
  await shot(grace, 'organizations-workspace-menu-phone');
  expect(await violations(grace)).toEqual([]);
  await grace.getByRole('menuitem', { name: copy.organizations.switchOrganization }).click();
  const switcher = grace.getByRole('dialog', { name: copy.organizations.switchOrganization });
  await switcher.getByText(copy.auth.organizationName('Grace')).waitFor();
  await popupsSettled(grace);
  await shot(grace, 'organizations-switcher-phone');
  expect(await violations(grace)).toEqual([]);
  expect(await overflow(grace)).toBe(0);
  await switcher.getByRole('button', { name: new RegExp(copy.auth.organizationName('Grace')) }).click();
  await grace.getByText(copy.organizations.switched(copy.auth.organizationName('Grace'))).waitFor();
  await grace.getByTestId('workspace-name').getByText(copy.auth.defaultWorkspaceName).waitFor();
  await eventually(async () => (await grace.getByText(copy.roles.limitedAccessBadge).count()) === 0);

  // Ada's member list: Grace with her menu (role, removal).
  await ada.goto(`${url}/home/settings`);
  await eventually(async () => (await ada.getByTestId('member-row').count()) === 2);
  const graceRow = ada.getByTestId('member-row').filter({ hasText: 'Grace Hopper' });
  await graceRow.getByRole('button', { name: copy.members.memberMenuLabel('Grace Hopper') }).click();
  await ada.getByRole('menuitem', { name: copy.members.removeFromOrganization }).waitFor();
  await popupsSettled(ada);
  await shot(ada, 'organizations-member-menu-desktop');
  expect(await violations(ada)).toEqual([]);
  await ada.getByRole('menuitem', { name: copy.members.makeAdminAction }).click();
  await ada.getByText(copy.members.roleChanged('Grace Hopper', true)).waitFor();
  await graceRow.getByText(copy.members.adminBadge).waitFor();
  await desktop.close();
  await phone.close();
});
