/**
 * The 'Workflows' tab and the template gallery as a user meets them, against the real product (spec 001 §2, §4, §6,
 * §9): the list of a form's workflows (trigger, runs, the active switch, rename, delete after confirming; nothing to
 * change for a read-only member), and the gallery and creation dialog (the five categories, the Conversion kit's
 * 'Add-on' badge and upsell with its price, access with the add-on, no AI in the EU_AGENT region, the preview, the
 * form chooser from the home page, and creation opening the editor on the new workflow).
 */
import { screen, waitFor, within } from '@testing-library/react';
import { createFlow } from '@formloom/contracts/api/flows/flows';
import { getMe } from '@formloom/contracts/api/workspaces-auth/auth';
import { createWorkflow, listWorkflows } from '@formloom/contracts/api/workflows-engine/workflows';
import * as copy from '@formloom/contracts/copy';
import { MAX_WORKFLOWS_PER_FLOW } from '@formloom/contracts/limits';
import { exampleFormTemplate } from '@formloom/contracts/example-forms';
import { callEndpoint } from '../../../src/lib/api-client';
import { paths } from '../../../src/config/paths';
import { renderApp, setOrganizationFlagsAsOperator, signInOrganizationMember, signUpUser, type RenderedApp } from '../../render-app';

jest.setTimeout(120_000);

/** A signed-up owner with a form; its ids. */
async function owner(): Promise<{ flow: string; organizationId: number; workspaceId: number }> {
  await signUpUser();
  const me = await callEndpoint(getMe, {});
  const workspaceId = me.workspaces[0]!.id;
  const { flow } = await callEndpoint(createFlow, { body: { name: 'Contact', type: 'form', workspaceId, flowTemplate: exampleFormTemplate() } });
  return { flow: flow.publicIdentifier, organizationId: me.organizations[0]!.id, workspaceId };
}

async function workflowsOf(flow: string) {
  return (await callEndpoint(listWorkflows, { query: { flowPublicIdentifier: flow } })).workflows;
}

/**
 * Every location the app goes through from now on (`pathname` + `hash`): the canvas route comes with the workflow
 * editor, so until it exists the editor's loader sends the visit on: the URLs navigated to count too.
 */
function visitedUrls(app: RenderedApp): string[] {
  const seen: string[] = [];
  app.router.subscribe((state) => {
    for (const location of [state.navigation.location, state.location]) if (location) seen.push(`${location.pathname}${location.hash}`);
  });
  return seen;
}

/** Opens the gallery from the Workflows tab's 'New workflow'. */
async function openGallery(app: RenderedApp): Promise<HTMLElement> {
  await app.user.click(await screen.findByRole('button', { name: copy.workflowGallery.newWorkflow }));
  return screen.findByRole('dialog', { name: copy.workflowGallery.galleryTitle });
}

describe('the workflow list', () => {
  it('lists a workflow with its trigger and runs, switches it on, renames it and deletes it after confirming', async () => {
    const { flow } = await owner();
    await callEndpoint(createWorkflow, { body: { galleryTemplate: 'email_with_delay', flowPublicIdentifier: flow, name: 'Follow up' } });
    const app = renderApp(paths.editor.getHref(flow, 'workflows'));

    const row = await screen.findByTestId('workflow-row');
    expect(within(row).getByRole('link', { name: 'Follow up' })).toHaveAttribute('href', expect.stringMatching(new RegExp(`^/editor/${flow}/workflows-edit/[0-9a-f-]+#workflows$`)));
    expect(within(row).getByTestId('workflow-trigger')).toHaveTextContent(copy.workflowTriggers.names.formSubmission);
    expect(within(row).getByTestId('workflow-last-run')).toHaveTextContent(copy.workflowGallery.neverRun);
    expect(within(row).getByRole('link', { name: copy.workflowGallery.runs })).toHaveAttribute('href', expect.stringContaining('/runs'));

    const toggle = within(row).getByRole('switch', { name: `${copy.workflowGallery.active}: Follow up` });
    expect(toggle).not.toBeChecked();
    await app.user.click(toggle);
    await waitFor(async () => expect((await workflowsOf(flow))[0]?.isActive).toBe(true));
    await waitFor(() => expect(toggle).toBeChecked());

    await app.user.click(within(row).getByRole('button', { name: `${copy.workflowGallery.actions}: Follow up` }));
    await app.user.click(await screen.findByRole('menuitem', { name: copy.workflowGallery.rename }));
    const renameDialog = await screen.findByRole('dialog', { name: copy.workflowGallery.renameTitle });
    const nameInput = within(renameDialog).getByRole('textbox', { name: copy.workflowGallery.nameLabel });
    await app.user.clear(nameInput);
    expect(within(renameDialog).getByRole('button', { name: copy.workflowGallery.save })).toBeDisabled();
    await app.user.type(nameInput, 'Nudge leads');
    await app.user.click(within(renameDialog).getByRole('button', { name: copy.workflowGallery.save }));
    expect(await screen.findByRole('link', { name: 'Nudge leads' })).toBeInTheDocument();
    expect((await workflowsOf(flow))[0]?.name).toBe('Nudge leads');

    await app.user.click(within(screen.getByTestId('workflow-row')).getByRole('button', { name: `${copy.workflowGallery.actions}: Nudge leads` }));
    await app.user.click(await screen.findByRole('menuitem', { name: copy.workflowGallery.delete }));
    const confirm = await screen.findByRole('dialog', { name: copy.workflowGallery.deleteTitle });
    expect(confirm).toHaveTextContent(copy.workflowGallery.deleteConfirm('Nudge leads'));
    // Cancelling keeps it.
    await app.user.click(within(confirm).getByRole('button', { name: copy.workflowGallery.cancel }));
    expect(await workflowsOf(flow)).toHaveLength(1);
    await app.user.click(within(screen.getByTestId('workflow-row')).getByRole('button', { name: `${copy.workflowGallery.actions}: Nudge leads` }));
    await app.user.click(await screen.findByRole('menuitem', { name: copy.workflowGallery.delete }));
    await app.user.click(within(await screen.findByRole('dialog', { name: copy.workflowGallery.deleteTitle })).getByRole('button', { name: copy.workflowGallery.delete }));
    expect(await screen.findByText(copy.workflowGallery.emptyTitle)).toBeInTheDocument();
    expect(await workflowsOf(flow)).toEqual([]);
  });

  it('disables creation at the workflow maximum, saying so', async () => {
    const { flow } = await owner();
    for (let index = 0; index < MAX_WORKFLOWS_PER_FLOW; index++) {
      await callEndpoint(createWorkflow, { body: { galleryTemplate: 'thank_you_email', flowPublicIdentifier: flow, name: `W${index}` } });
    }
    renderApp(paths.editor.getHref(flow, 'workflows'));
    expect(await screen.findByTestId('workflow-maximum')).toHaveTextContent(copy.workflows.maxWorkflows);
    expect(screen.getAllByTestId('workflow-row')).toHaveLength(MAX_WORKFLOWS_PER_FLOW);
    expect(screen.getByRole('button', { name: copy.workflowGallery.newWorkflow })).toBeDisabled();
  });

  it('shows a read-only member the list without the switch, the menu or New workflow', async () => {
    const { flow, organizationId, workspaceId } = await owner();
    await callEndpoint(createWorkflow, { body: { galleryTemplate: 'thank_you_email', flowPublicIdentifier: flow } });
    await signInOrganizationMember(organizationId, { workspaces: [{ workspaceId, accessLevel: 'read' }] });
    renderApp(paths.editor.getHref(flow, 'workflows'));
    const row = await screen.findByTestId('workflow-row');
    expect(within(row).getByRole('switch')).toBeDisabled();
    expect(within(row).queryByRole('button', { name: new RegExp(copy.workflowGallery.actions) })).toBeNull();
    expect(screen.queryByRole('button', { name: copy.workflowGallery.newWorkflow })).toBeNull();
  });
});

describe('the gallery and creation dialog', () => {
  it('offers the five categories; the Conversion kit add-on opens the upsell with its price and its checkout', async () => {
    const { flow } = await owner();
    const app = renderApp(paths.editor.getHref(flow, 'workflows'));
    expect(await screen.findByText(copy.workflowGallery.emptyTitle)).toBeInTheDocument();
    const gallery = await openGallery(app);
    expect(within(gallery).getAllByRole('tab').map((tab) => tab.textContent)).toEqual([
      'Notifications',
      'Approvals',
      'Scheduling',
      `Conversion kit${copy.workflowGallery.addOn}`,
      'AI',
    ]);
    expect(within(gallery).getByRole('button', { name: new RegExp(copy.galleryTitles.thank_you_email) })).toBeInTheDocument();

    await app.user.click(within(gallery).getByRole('tab', { name: /Conversion kit/ }));
    expect(within(gallery).getByRole('button', { name: new RegExp(copy.galleryTitles.email_form_abandonment) })).toBeInTheDocument();
    await app.user.click(within(gallery).getByRole('button', { name: copy.workflowGallery.addOn }));
    const upsell = await screen.findByRole('dialog', { name: copy.workflowGallery.upsellTitle });
    const leads = within(upsell).getByRole('textbox', { name: copy.workflowGallery.leadsLabel });
    expect(leads).toHaveValue('300');
    expect(within(upsell).getByTestId('conversion-kit-price')).toHaveTextContent('100 USD / month');
    await app.user.clear(leads);
    await app.user.type(leads, '101');
    expect(within(upsell).getByTestId('conversion-kit-price')).toHaveTextContent('50.25 USD / month');
    await app.user.click(within(upsell).getByRole('button', { name: copy.workflowGallery.getStarted }));
    await waitFor(() => expect(app.router.state.location.pathname).toBe('/home/settings'));
    expect(app.router.state.location.search).toBe('?checkout=conversionkit&leadsCount=101');
  });

  it('says the organization has Conversion Kit access, and hides AI in the EU_AGENT region', async () => {
    const { flow, organizationId } = await owner();
    await setOrganizationFlagsAsOperator(organizationId, { hasConversionKit: true, dataRegion: 'EU_AGENT' });
    const app = renderApp(paths.editor.getHref(flow, 'workflows'));
    const gallery = await openGallery(app);
    expect(within(gallery).getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['Notifications', 'Approvals', 'Scheduling', 'Conversion kit']);
    await app.user.click(within(gallery).getByRole('tab', { name: 'Conversion kit' }));
    expect(within(gallery).getByText(copy.workflowGallery.hasAccess)).toBeInTheDocument();
    expect(within(gallery).queryByRole('button', { name: copy.workflowGallery.addOn })).toBeNull();
    // With the add-on, its templates preview instead of upselling.
    await app.user.click(within(gallery).getByRole('button', { name: new RegExp(copy.galleryTitles.email_form_abandonment) }));
    expect(await screen.findByTestId('template-preview')).toHaveTextContent(copy.workflowTriggers.names.formAbandoned);
  });

  it('previews a template, then creates it on the form and opens the editor on the new workflow', async () => {
    const { flow } = await owner();
    const app = renderApp(paths.editor.getHref(flow, 'workflows'));
    const gallery = await openGallery(app);
    await app.user.click(within(gallery).getByRole('button', { name: new RegExp(copy.galleryTitles.email_with_delay) }));
    const preview = await screen.findByTestId('template-preview');
    const steps = within(preview).getAllByRole('listitem').map((item) => item.textContent);
    expect(steps).toEqual([`When${copy.workflowTriggers.names.formSubmission}`, 'Step 1Delay', 'Step 2Email']);
    // Back returns to the gallery.
    await app.user.click(within(preview).getByRole('button', { name: copy.workflowGallery.back }));
    await app.user.click(await screen.findByRole('button', { name: new RegExp(copy.galleryTitles.email_with_delay) }));
    const visited = visitedUrls(app);
    await app.user.click(await screen.findByRole('button', { name: copy.workflowGallery.createWorkflow }));
    await waitFor(() => expect(visited.some((url) => url.includes('/workflows-edit/'))).toBe(true));
    const [created] = await workflowsOf(flow);
    expect(created?.name).toBe(copy.galleryTitles.email_with_delay);
    expect(visited).toContain(`/editor/${flow}/workflows-edit/${created!.id}#workflows`);
  });

  it('from the home page asks for a form, with Back, and creates a new form for "New form"', async () => {
    const { flow, workspaceId } = await owner();
    const app = renderApp(paths.home.getHref());
    await app.user.click(await screen.findByRole('button', { name: copy.workflowGallery.automateWithWorkflows }));
    const gallery = await screen.findByRole('dialog', { name: copy.workflowGallery.galleryTitle });
    await app.user.click(within(gallery).getByRole('button', { name: new RegExp(copy.galleryTitles.thank_you_email) }));
    await app.user.click(await screen.findByRole('button', { name: copy.workflowGallery.createWorkflow }));

    const chooser = await screen.findByTestId('choose-form');
    const create = within(chooser).getByRole('button', { name: copy.workflowGallery.createWorkflow });
    expect(create).toBeDisabled();
    await app.user.click(within(chooser).getByRole('button', { name: copy.workflowGallery.back }));
    expect(await screen.findByTestId('template-preview')).toBeInTheDocument();
    await app.user.click(screen.getByRole('button', { name: copy.workflowGallery.createWorkflow }));

    await app.user.click(within(await screen.findByTestId('choose-form')).getByRole('combobox', { name: copy.workflowGallery.chooseForm }));
    const options = (await screen.findAllByRole('option')).map((option) => option.textContent);
    expect(options).toEqual([copy.workflowGallery.newForm, 'Contact']);
    await app.user.click(screen.getByRole('option', { name: copy.workflowGallery.newForm }));
    const enabled = within(screen.getByTestId('choose-form')).getByRole('button', { name: copy.workflowGallery.createWorkflow });
    await waitFor(() => expect(enabled).toBeEnabled());
    const visited = visitedUrls(app);
    await app.user.click(enabled);

    await waitFor(() => expect(visited.some((url) => url.includes('/workflows-edit/'))).toBe(true));
    const url = visited.find((visit) => visit.includes('/workflows-edit/'))!;
    expect(url).toMatch(/^\/editor\/[^/]+\/workflows-edit\/[0-9a-f-]+#workflows$/);
    const [, , newFlow, , workflowId] = url.replace('#workflows', '').split('/');
    expect(newFlow).not.toBe(flow);
    expect((await workflowsOf(newFlow!)).map((workflow) => workflow.id)).toEqual([workflowId]);
    expect(workspaceId).toBeGreaterThan(0);
  });
});
