/**
 * Every gallery template created on a form from the gallery, in headless Chromium, as an owner would (spec 001 §2
 * "Template gallery and creation dialog", §4 "Workflow creation from a template"): the 'Workflows' tab → 'New
 * workflow' → the template's category → the template → its preview → 'Create workflow' → the canvas of the new
 * workflow. The organization has the Conversion Kit add-on (set by an operator, as in production), so its
 * templates open their preview rather than the upsell. Templates whose steps need an account (Slack) are created
 * with those steps incomplete; the canvas says so.
 */
import { INTERNAL_TOKEN_HEADER } from '@formloom/contracts/auth';
import { pathOf } from '@formloom/contracts/api/endpoint';
import { createFlow } from '@formloom/contracts/api/flows/flows';
import { getMe } from '@formloom/contracts/api/workspaces-auth/auth';
import { setOrganizationFlags } from '@formloom/contracts/api/workspaces-auth/internal';
import { listWorkflows, type WorkflowsResponse } from '@formloom/contracts/api/workflows-engine/workflows';
import * as copy from '@formloom/contracts/copy';
import { exampleFormTemplate } from '@formloom/contracts/example-forms';
import { GALLERY_CATALOGUE } from '@formloom/contracts/workflows/gallery/catalogue';
import { signUpInBrowser, useProductInBrowser } from './harness';

const running = useProductInBrowser();

it('creates each of the 13 gallery templates on a form, each opening on its canvas', async () => {
  const { url, services } = running.product();
  const page = await running.browser().newPage({ viewport: { width: 1280, height: 900 } });
  await signUpInBrowser(page, url, 'gallery-all@example.com');
  const me = (await (await page.request.get(`${url}${pathOf(getMe)}`)).json()) as { workspaces: { id: number }[]; organizations: { id: number }[] };

  // An operator gives the organization the Conversion Kit add-on (workspaces-auth's internal route).
  const auth = services['workspaces-auth'].service;
  const flags = await auth.app.inject({
    method: 'POST',
    url: pathOf(setOrganizationFlags, { organizationId: me.organizations[0]!.id }),
    headers: { [INTERNAL_TOKEN_HEADER]: (auth.ctx.config as { INTERNAL_TOKEN: string }).INTERNAL_TOKEN },
    payload: { hasConversionKit: true },
  });
  expect(flags.statusCode).toBe(200);

  const created = await page.request.post(`${url}${pathOf(createFlow)}`, {
    data: { name: 'Contact', type: 'form', workspaceId: me.workspaces[0]!.id, flowTemplate: exampleFormTemplate() },
    headers: { origin: url },
  });
  const flow = ((await created.json()) as { flow: { publicIdentifier: string } }).flow.publicIdentifier;

  const ids: string[] = [];
  const cardsOf = new Map<string, number>();
  for (const template of GALLERY_CATALOGUE) {
    await page.goto(`${url}/editor/${flow}/workflows`);
    await page.getByRole('button', { name: copy.workflowGallery.newWorkflow }).click();
    const gallery = page.getByRole('dialog', { name: copy.workflowGallery.galleryTitle });
    await gallery.getByTestId(`gallery-category-${template.category}`).click();
    await gallery.getByRole('button', { name: new RegExp(copy.galleryTitles[template.id]) }).click();
    await page.getByTestId('template-preview').getByRole('button', { name: copy.workflowGallery.createWorkflow }).click();
    await page.waitForURL((address) => address.pathname.startsWith(`/editor/${flow}/workflows-edit/`) && address.hash === '#workflows');
    const id = /workflows-edit\/([^/]+)$/.exec(new URL(page.url()).pathname)![1]!;
    ids.push(id);
    // The canvas shows the trigger and the template's steps (its first path; an approval's states lead on to more).
    await page.locator('[data-testid="canvas-card"][data-kind="node"]').first().waitFor();
    const cards = await page.locator('[data-testid="canvas-card"][data-kind="node"]').count();
    expect({ template: template.id, enough: cards >= template.steps.length }).toEqual({ template: template.id, enough: true });
    cardsOf.set(id, cards);
    if (template.steps.includes('slack')) {
      expect(await page.getByTestId('node-setup-status').allTextContents()).toContainEqual(expect.stringMatching(/^Setup needed: /));
    }
  }

  const listed = (await (await page.request.get(`${url}${pathOf(listWorkflows)}?flowPublicIdentifier=${flow}`)).json()) as WorkflowsResponse;
  expect(listed.workflows.map((workflow) => workflow.id).sort()).toEqual([...ids].sort());
  expect(listed.workflows.map((workflow) => workflow.name).sort()).toEqual(GALLERY_CATALOGUE.map((template) => copy.galleryTitles[template.id]).sort());
  expect(listed.workflows.map((workflow) => workflow.template.trigger.type).sort()).toEqual(GALLERY_CATALOGUE.map((template) => template.trigger).sort());
  // Each canvas showed one card per node of its workflow.
  for (const workflow of listed.workflows) expect({ id: workflow.id, cards: cardsOf.get(workflow.id) }).toEqual({ id: workflow.id, cards: Object.keys(workflow.template.nodes).length });
});
