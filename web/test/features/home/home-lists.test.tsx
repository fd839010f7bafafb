/**
 * The home lists (spec 000 §2 "Home page"; src/features/home, src/routes/home*.tsx): star a form and find it in the
 * Starred row and page; open a form and find it in Recents; the six sort orders and the grid view, remembered for
 * the user; move a form to another workspace from its menu; the unread count after new submissions — against the
 * real API, with data made through it.
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import { createFlow, publishFlow, recordFlowView } from '@formloom/contracts/api/flows/flows';
import { submitAnswers } from '@formloom/contracts/api/flows/submissions';
import { createWorkspace } from '@formloom/contracts/api/workspaces-auth/admin';
import { getMe } from '@formloom/contracts/api/workspaces-auth/auth';
import * as copy from '@formloom/contracts/copy';
import { exampleFormTemplate } from '@formloom/contracts/example-forms';
import { blankFlowTemplate } from '@formloom/contracts/rules/flow-template';
import { paths } from '../../../src/config/paths';
import { callEndpoint } from '../../../src/lib/api-client';
import { PASSING_TOKEN_PREFIX } from '../../challenge-provider';
import { currentUrl, renderApp, signUpUser } from '../../render-app';

/** Signs a user up; their id and first workspace. */
async function signedUp(firstName = 'Ada') {
  await signUpUser({ firstName });
  const me = await callEndpoint(getMe, {});
  const workspace = me.workspaces[0];
  if (!workspace) throw new Error('sign-up made no workspace');
  return { userId: me.user.id, workspace };
}

/** A form named `name` in `workspaceId` (blank, or the example form that can be published); its public identifier. */
async function makeForm(workspaceId: number, name: string, publishable = false): Promise<string> {
  const flowTemplate = publishable ? exampleFormTemplate({ withPlan: false }) : blankFlowTemplate();
  const { flow } = await callEndpoint(createFlow, { body: { name, type: 'form', workspaceId, flowTemplate } });
  return flow.publicIdentifier;
}

/** A finished submission to published form `publicIdentifier`. */
async function submit(publicIdentifier: string, n: number): Promise<void> {
  await callEndpoint(submitAnswers, {
    params: { publicIdentifier },
    body: { answers: { w1: `Ada ${n}`, w2: `ada${n}@example.com` }, challengeToken: `${PASSING_TOKEN_PREFIX}home-${n}` },
  });
}

/** The names in list `name`, in order. */
async function namesIn(name: string): Promise<(string | null)[]> {
  return within(await screen.findByRole('list', { name })).getAllByTestId('flow-name').map((element) => element.textContent);
}

it('stars a form: it shows in the Starred row and on the Starred page; unstarring takes it out', async () => {
  const { workspace } = await signedUp();
  await makeForm(workspace.id, 'Job application');
  await makeForm(workspace.id, 'Newsletter signup');
  const { router, user } = renderApp(paths.home.getHref());

  const list = await screen.findByRole('list', { name: 'Forms' });
  expect(screen.queryByTestId('home-row-starred')).not.toBeInTheDocument();
  const star = within(list).getByRole('button', { name: `${copy.home.star} Job application` });
  expect(star).toHaveAttribute('aria-pressed', 'false');
  await user.click(star);

  const row = await screen.findByRole('region', { name: copy.home.starredRow });
  expect(within(row).getByText('Job application')).toBeInTheDocument();
  expect(within(row).queryByText('Newsletter signup')).not.toBeInTheDocument();
  expect(await within(list).findByRole('button', { name: `${copy.home.unstar} Job application` })).toHaveAttribute('aria-pressed', 'true');

  await user.click(screen.getByTestId('home-tab-starred'));
  await waitFor(() => expect(currentUrl(router)).toBe(paths.starred.getHref()));
  expect(await namesIn(copy.home.tabs.starred)).toEqual(['Job application']);
  // Forms of every workspace: each says which one it is in.
  expect(screen.getByText(new RegExp(`· ${workspace.name}`))).toBeInTheDocument();

  await user.click(screen.getByRole('button', { name: `${copy.home.unstar} Job application` }));
  expect(await screen.findByText(copy.home.noStarred)).toBeInTheDocument();
});

it("lists the forms the user opened under Recents, last viewed first, and in the 'Recently viewed' row", async () => {
  const { workspace } = await signedUp();
  const first = await makeForm(workspace.id, 'Event RSVP');
  const second = await makeForm(workspace.id, 'Order form');
  await makeForm(workspace.id, 'Never opened');
  const { router, user } = renderApp(paths.editor.getHref(first, 'edit'));
  await screen.findByTestId('flow-title');
  await act(() => router.navigate(paths.editor.getHref(second, 'edit')));
  await waitFor(() => expect(screen.getByTestId('flow-title')).toHaveTextContent('Order form'));

  await act(() => router.navigate(paths.recents.getHref()));
  await waitFor(async () => expect(await namesIn(copy.home.tabs.recents)).toEqual(['Order form', 'Event RSVP']));
  // Recents are always last viewed first: no sort select there.
  expect(screen.queryByTestId('flow-sort')).not.toBeInTheDocument();

  // The row shows as many as fit (one on a phone, as here: no media query matches), and 'View all' for the rest.
  await user.click(screen.getByTestId('home-tab-home'));
  const row = await screen.findByRole('region', { name: copy.home.recentsRow });
  expect(within(row).getAllByRole('listitem').map((item) => item.textContent)).toEqual([expect.stringContaining('Order form')]);
  expect(within(row).getByRole('link', { name: copy.home.viewAll })).toHaveAttribute('href', paths.recents.getHref());
});

it('sorts by each of the six orders and switches to the grid; both are remembered for the user', async () => {
  const { workspace } = await signedUp();
  const banana = await makeForm(workspace.id, 'banana survey', true);
  await makeForm(workspace.id, 'Apple quiz');
  await makeForm(workspace.id, 'Cherry poll');
  // 'Banana' gets the most submissions and is edited last.
  const { flow: published } = await callEndpoint(publishFlow, { params: { publicIdentifier: banana } });
  expect(published.isPublished).toBe(true);
  await submit(banana, 1);
  await submit(banana, 2);
  const { user, unmount } = renderApp(paths.workspace.getHref(workspace.slug));
  expect(await namesIn('Forms')).toEqual(['Cherry poll', 'Apple quiz', 'banana survey']);

  const chooseSort = async (label: string) => {
    await user.click(screen.getByRole('combobox', { name: copy.home.sortLabel }));
    await user.click(await screen.findByRole('option', { name: label }));
  };
  await chooseSort(copy.home.sorts.alphabetical);
  await waitFor(async () => expect(await namesIn('Forms')).toEqual(['Apple quiz', 'banana survey', 'Cherry poll']));
  await chooseSort(copy.home.sorts.submissionCount);
  await waitFor(async () => expect((await namesIn('Forms'))[0]).toBe('banana survey'));
  await chooseSort(copy.home.sorts.lastEdited);
  await waitFor(async () => expect((await namesIn('Forms'))[0]).toBe('banana survey'));
  await chooseSort(copy.home.sorts.unread);
  await waitFor(async () => expect((await namesIn('Forms'))[0]).toBe('banana survey'));
  await chooseSort(copy.home.sorts.alphabetical);
  await waitFor(async () => expect((await namesIn('Forms'))[0]).toBe('Apple quiz'));

  await user.click(screen.getByRole('radio', { name: copy.home.views.grid }));
  unmount();

  // Another visit: alphabetical and the grid still.
  renderApp(paths.workspace.getHref(workspace.slug));
  await waitFor(async () => expect(await namesIn('Forms')).toEqual(['Apple quiz', 'banana survey', 'Cherry poll']));
  expect(screen.getByRole('combobox', { name: copy.home.sortLabel })).toHaveValue(copy.home.sorts.alphabetical);
  expect(screen.getByRole('radio', { name: copy.home.views.grid })).toBeChecked();
});

it('shows how many submissions are new since the user last opened the Results', async () => {
  const { workspace } = await signedUp();
  const id = await makeForm(workspace.id, 'Feedback', true);
  await callEndpoint(publishFlow, { params: { publicIdentifier: id } });
  await submit(id, 1);
  await callEndpoint(recordFlowView, { params: { publicIdentifier: id }, body: { results: true } });
  await submit(id, 2);
  await submit(id, 3);

  renderApp(paths.workspace.getHref(workspace.slug));
  const list = await screen.findByRole('list', { name: 'Forms' });
  expect(within(list).getByRole('link', { name: `3 responses to Feedback, ${copy.home.unreadCount(2)}` })).toBeInTheDocument();
  expect(within(list).getByTestId('flow-unread')).toHaveTextContent('2');
});

it('moves a form to another workspace from its menu', async () => {
  const { workspace } = await signedUp();
  const { workspace: marketing } = await callEndpoint(createWorkspace, { body: { name: 'Marketing' } });
  await makeForm(workspace.id, 'Webinar signup');
  const { user } = renderApp(paths.workspace.getHref(workspace.slug));

  await user.click(await screen.findByRole('button', { name: 'More actions for Webinar signup' }));
  await user.click(await screen.findByRole('menuitem', { name: copy.home.moveTo }));
  const dialog = await screen.findByRole('dialog', { name: copy.home.moveTitle('Webinar signup') });
  // The only other workspace is chosen already.
  expect(within(dialog).getByRole('combobox', { name: copy.home.moveWorkspaceLabel })).toHaveValue('Marketing');
  await user.click(within(dialog).getByRole('button', { name: copy.home.moveConfirm }));

  expect(await screen.findByText(copy.home.movedTo('Marketing'))).toBeInTheDocument();
  expect(await screen.findByText('No forms yet')).toBeInTheDocument();
  await user.click(screen.getByTestId(`sidebar-workspace-${marketing.id}`));
  await waitFor(async () => expect(await namesIn('Forms')).toEqual(['Webinar signup']));
});

it("renames a workspace from the sidebar (its address follows) and deletes one with its forms after confirming", async () => {
  await signedUp();
  const { workspace: sales } = await callEndpoint(createWorkspace, { body: { name: 'Sales' } });
  await makeForm(sales.id, 'Lead form');
  const { router, user } = renderApp(paths.workspace.getHref(sales.slug));
  await screen.findByRole('heading', { name: 'Sales' });

  await user.click(screen.getByRole('button', { name: 'More actions for workspace Sales' }));
  await user.click(await screen.findByRole('menuitem', { name: copy.home.renameWorkspace }));
  const field = await screen.findByLabelText('Workspace name');
  await user.clear(field);
  await user.type(field, 'Sales EMEA');
  await user.click(screen.getByRole('button', { name: 'Rename' }));
  await waitFor(() => expect(currentUrl(router)).toBe(paths.workspace.getHref(`${sales.id}-sales-emea`)));
  expect(await screen.findByRole('heading', { name: 'Sales EMEA' })).toBeInTheDocument();

  await user.click(screen.getByRole('button', { name: 'More actions for workspace Sales EMEA' }));
  await user.click(await screen.findByRole('menuitem', { name: copy.home.deleteWorkspace }));
  const dialog = await screen.findByRole('dialog', { name: copy.home.deleteWorkspaceTitle('Sales EMEA') });
  expect(within(dialog).getByText(copy.home.deleteWorkspaceBody)).toBeInTheDocument();
  await user.click(within(dialog).getByRole('button', { name: copy.home.deleteWorkspace }));
  expect(await screen.findByText(copy.home.workspaceDeleted('Sales EMEA'))).toBeInTheDocument();
  await waitFor(() => expect(currentUrl(router)).toBe(paths.home.getHref()));
  await waitFor(() => expect(screen.queryByTestId(`sidebar-workspace-${sales.id}`)).not.toBeInTheDocument());
});
