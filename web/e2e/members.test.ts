/**
 * Members and invitations in headless Chromium against the whole product (spec 000 §2 "Settings and members", §6):
 * an admin opens the invite dialog from the home page's 'Invite members', invites an address into a workspace with
 * 'Can view'; the invited person opens the mailed link on a phone (390 px), makes their account and lands on their
 * dashboard with that workspace marked 'Limited access'; the admin sees them among the members, on a desktop and at
 * 390 px. The mail goes through a local SMTP server (the network edge). Each screen is checked with axe and for
 * sideways scrolling; with `SCREENSHOT_DIR` set, it is saved there.
 */
import path from 'node:path';
import type { Page } from 'playwright-core';
import * as copy from '@formloom/contracts/copy';
import { startSmtpServer, type TestSmtpServer } from '@formloom/kit/testing-smtp';
import { eventually, overflow, signUpInBrowser, useProductInBrowser, violations } from './harness';

// The product's mail goes to this server; its address is known once it listens (before the product starts).
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

it('invites a member who accepts on a phone and gets exactly the access granted; the admin sees them listed', async () => {
  const { url } = running.product();
  const desktop = await running.browser().newContext({ viewport: { width: 1366, height: 900 }, bypassCSP: true });
  const admin = await desktop.newPage();
  await signUpInBrowser(admin, url, 'ada-members@example.com');

  await admin.getByRole('link', { name: copy.home.inviteMembers }).click();
  const dialog = admin.getByRole('dialog', { name: copy.home.inviteMembers });
  await dialog.waitFor();
  await dialog.getByLabel(copy.members.emailLabel).fill('grace-members@example.com');
  await dialog.getByRole('combobox', { name: copy.members.accessLabel }).click();
  await admin.getByRole('option', { name: copy.members.accessLabels.read }).click();
  await shot(admin, 'members-invite-dialog-desktop');
  expect(await violations(admin)).toEqual([]);
  await dialog.getByRole('button', { name: copy.members.send }).click();
  await admin.getByText(copy.members.sent('grace-members@example.com')).waitFor();
  await admin.getByTestId('invitation-row').waitFor();
  await shot(admin, 'members-pending-desktop');
  expect(await violations(admin)).toEqual([]);

  // The invited person, on a phone.
  const phone = await running.browser().newContext({ viewport: { width: 390, height: 844 }, bypassCSP: true });
  const grace = await phone.newPage();
  await grace.goto(await invitationLinkTo('grace-members@example.com'));
  await grace.getByRole('heading', { name: copy.members.acceptTitle(copy.auth.organizationName('Ada')) }).waitFor();
  expect(await grace.getByLabel('Email').inputValue()).toBe('grace-members@example.com');
  await shot(grace, 'members-accept-phone');
  expect(await violations(grace)).toEqual([]);
  expect(await overflow(grace)).toBe(0);
  await grace.getByLabel('First name').fill('Grace');
  await grace.getByLabel('Last name').fill('Hopper');
  await grace.getByLabel('Password').fill('compiler bugs are moths');
  await grace.getByRole('button', { name: copy.members.acceptButton }).click();
  await grace.waitForURL(/\/home/);
  await grace.getByTestId('welcome').getByText(copy.home.welcome('Grace')).waitFor();
  await grace.getByText(copy.roles.limitedAccessBadge).first().waitFor({ state: 'attached' });
  await grace.getByTestId('linkedin-banner').waitFor();
  await shot(grace, 'members-invited-home-phone');
  expect(await violations(grace)).toEqual([]);
  expect(await overflow(grace)).toBe(0);

  // The admin's list: both of them, with their access.
  await admin.reload();
  await eventually(async () => (await admin.getByTestId('member-row').count()) === 2);
  await shot(admin, 'members-list-desktop');
  expect(await violations(admin)).toEqual([]);
  // The admin on a phone of their own (the first one is signed in as Grace).
  const adminPhone = await running.browser().newContext({ viewport: { width: 390, height: 844 }, bypassCSP: true });
  const phoneAdmin = await adminPhone.newPage();
  await phoneAdmin.goto(`${url}/login`);
  await phoneAdmin.getByLabel('Email').fill('ada-members@example.com');
  await phoneAdmin.getByLabel('Password').fill('analytical-engine');
  await phoneAdmin.getByRole('button', { name: 'Log in' }).click();
  await phoneAdmin.waitForURL(/\/home/);
  await phoneAdmin.goto(`${url}/home/settings`);
  await eventually(async () => (await phoneAdmin.getByTestId('member-row').count()) === 2);
  await shot(phoneAdmin, 'members-list-phone');
  expect(await violations(phoneAdmin)).toEqual([]);
  expect(await overflow(phoneAdmin)).toBe(0);
  await desktop.close();
  await phone.close();
  await adminPhone.close();
});
