/**
 * The template gallery in headless Chromium, at 1280 px and at 390 px (spec 001 §2, §4): an owner opens the
 * 'Workflows' tab of a form, clicks 'New workflow', picks a template, sees its preview, clicks 'Create workflow' and
 * finds the new workflow listed on the tab; from the home page's 'Automate with workflows' the dialog asks for a form —
 * with no WCAG 2 A/AA violation (axe-core) in the gallery, the upsell, the preview, the list or the form chooser, and
 * nothing wider than the screen. With `WORKFLOW_GALLERY_SCREENSHOTS=<dir>` each screen is saved there.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { pathOf } from '@formloom/contracts/api/endpoint';
import { createFlow } from '@formloom/contracts/api/flows/flows';
import { getMe } from '@formloom/contracts/api/workspaces-auth/auth';
import { listWorkflows, type WorkflowsResponse } from '@formloom/contracts/api/workflows-engine/workflows';
import * as copy from '@formloom/contracts/copy';
import { exampleFormTemplate } from '@formloom/contracts/example-forms';
import { overflow, signUpInBrowser, useProductInBrowser, violations } from './harness';

const running = useProductInBrowser();
const SCREENSHOTS = process.env.WORKFLOW_GALLERY_SCREENSHOTS;

/** Audits the screen (axe, overflow) under `name` and saves a screenshot when asked to. */
async function audit(page: Page, name: string, problems: Record<string, string[]>): Promise<void> {
  await page.waitForTimeout(300); // the modal's transition
  const found = await violations(page);
  const wider = await overflow(page);
  if (wider > 0) found.push(`${wider}px wider than the window`);
  if (found.length > 0) problems[name] = found;
  if (SCREENSHOTS) {
    mkdirSync(SCREENSHOTS, { recursive: true });
    await page.screenshot({ path: path.join(SCREENSHOTS, `${name}.png`) });
  }
}

it.each([
  ['desktop', { width: 1280, height: 900 }],
  ['phone', { width: 390, height: 844 }],
] as const)('creates a workflow from the gallery and lists it (%s)', async (label, viewport) => {
  const url = running.product().url;
  const context = await running.browser().newContext({ viewport, bypassCSP: true });
  const page = await context.newPage();
  await signUpInBrowser(page, url, `gallery-${label}@example.com`);
  const me = (await (await page.request.get(`${url}${pathOf(getMe, {})}`)).json()) as { workspaces: { id: number }[] };
  const created = await page.request.post(`${url}${pathOf(createFlow, {})}`, {
    data: { name: 'Contact', type: 'form', workspaceId: me.workspaces[0]!.id, flowTemplate: exampleFormTemplate() },
  });
  const flow = ((await created.json()) as { flow: { publicIdentifier: string } }).flow.publicIdentifier;
  const problems: Record<string, string[]> = {};

  await page.goto(`${url}/editor/${flow}/workflows`);
  await page.getByText(copy.workflowGallery.emptyTitle).waitFor();
  await audit(page, `${label}-empty`, problems);

  await page.getByRole('button', { name: copy.workflowGallery.newWorkflow }).click();
  const gallery = page.getByRole('dialog', { name: copy.workflowGallery.galleryTitle });
  await gallery.getByRole('tab', { name: 'Notifications' }).waitFor();
  await audit(page, `${label}-gallery`, problems);
  await gallery.getByRole('tab', { name: /Conversion kit/ }).click();
  await audit(page, `${label}-gallery-conversion-kit`, problems);
  await gallery.getByRole('button', { name: copy.workflowGallery.addOn }).click();
  const upsell = page.getByRole('dialog', { name: copy.workflowGallery.upsellTitle });
  await upsell.getByText('100 USD / month').waitFor();
  await audit(page, `${label}-upsell`, problems);
  await page.keyboard.press('Escape');
  await upsell.waitFor({ state: 'hidden' });

  await gallery.getByRole('tab', { name: 'Notifications' }).click();
  await gallery.getByRole('button', { name: new RegExp(copy.galleryTitles.email_with_delay) }).click();
  const preview = page.getByTestId('template-preview');
  await preview.getByText('Delay').waitFor();
  await audit(page, `${label}-preview`, problems);
  await preview.getByRole('button', { name: copy.workflowGallery.createWorkflow }).click();

  // The editor opens on the new workflow (`/editor/{flow}/workflows-edit/{id}#workflows`; the canvas route comes with
  // the workflow editor, until then the editor shows its first tab); the workflow is on the form's list.
  await page.waitForURL((address) => address.pathname.startsWith(`/editor/${flow}/`) && !address.pathname.endsWith('/workflows'));
  const listed = (await (await page.request.get(`${url}${pathOf(listWorkflows, {})}?flowPublicIdentifier=${flow}`)).json()) as WorkflowsResponse;
  expect(listed.workflows.map((workflow) => workflow.name)).toEqual([copy.galleryTitles.email_with_delay]);
  const current = new URL(page.url());
  if (current.pathname.includes('/workflows-edit/')) expect(`${current.pathname}${current.hash}`).toBe(`/editor/${flow}/workflows-edit/${listed.workflows[0]!.id}#workflows`);

  await page.goto(`${url}/editor/${flow}/workflows`);
  const row = page.getByTestId('workflow-row');
  await row.getByRole('link', { name: copy.galleryTitles.email_with_delay }).waitFor();
  expect(await row.getByTestId('workflow-trigger').textContent()).toBe(copy.workflowTriggers.names.formSubmission);
  await audit(page, `${label}-list`, problems);

  // The home page offers the gallery without a form: it then asks for one.
  await page.goto(`${url}/home`);
  await page.getByRole('button', { name: copy.workflowGallery.automateWithWorkflows }).click();
  await page.getByRole('dialog', { name: copy.workflowGallery.galleryTitle }).getByRole('button', { name: new RegExp(copy.galleryTitles.thank_you_email) }).click();
  await page.getByTestId('template-preview').getByRole('button', { name: copy.workflowGallery.createWorkflow }).click();
  await page.getByTestId('choose-form').waitFor();
  await audit(page, `${label}-choose-form`, problems);
  expect(problems).toEqual({});
  await context.close();
});
