/**
 * The new-flow dialog (spec 000 §2 "New-flow dialog", §4 "New-flow stage machine"; src/features/home/components/
 * new-flow-dialog.tsx, src/routes/home.tsx): 'Create form' opens it at 'choose'; each stage has its URL, so Back and a
 * reload keep it; a blank form and a quiz are made through the real API and open in the editor; a product tab records
 * its analytics event and resets the stage; an unknown stage opens 'choose'; a read-only workspace cannot create.
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import { fetchFlow } from '@formloom/contracts/api/flows/flows';
import { listThemes } from '@formloom/contracts/api/flows/themes';
import { getMe } from '@formloom/contracts/api/workspaces-auth/auth';
import { FEATURED_THEMES } from '@formloom/contracts/rules/themes';
import * as copy from '@formloom/contracts/copy';
import { paths } from '../../../src/config/paths';
import { callEndpoint } from '../../../src/lib/api-client';
import { currentUrl, renderApp, setOrganizationFlagsAsOperator, signUpUser } from '../../render-app';

/** Signs a user up; their first workspace. */
async function signedUp(firstName = 'Ada') {
  await signUpUser({ firstName });
  const me = await callEndpoint(getMe, {});
  const workspace = me.workspaces[0];
  if (!workspace) throw new Error('sign-up made no workspace');
  return workspace;
}

/** The dialog, once shown. */
async function dialog(): Promise<HTMLElement> {
  return screen.findByTestId('new-flow-dialog');
}

/** The public identifier of the editor the router is on; fails elsewhere. */
function editorFlow(router: ReturnType<typeof renderApp>['router']): string {
  const match = /^\/editor\/([^/]+)\/edit$/.exec(router.state.location.pathname);
  expect(match).not.toBeNull();
  return match![1]!;
}

it("opens at 'Choose how to get started' from 'Create form', makes a named blank form, and opens it in the editor", async () => {
  const workspace = await signedUp();
  const { router, user } = renderApp(paths.workspace.getHref(workspace.slug));
  await user.click(await screen.findByRole('button', { name: 'Create form' }));

  const choose = await dialog();
  expect(currentUrl(router)).toBe(paths.newFlow.getHref({ workspaceSlug: workspace.slug, stage: 'choose' }));
  expect(within(choose).getByRole('heading', { name: copy.newFlow.chooseTitle })).toBeInTheDocument();
  // The dashboard stays behind the dialog.
  expect(screen.getByTestId('workspace-section')).toBeInTheDocument();

  // Blank form asks for a theme first (spec 000 §2 choose_theme); Continue without one says so.
  await user.click(within(choose).getByTestId('new-flow-card-blank'));
  await waitFor(() => expect(currentUrl(router)).toBe(paths.newFlow.getHref({ workspaceSlug: workspace.slug, stage: 'choose_theme' })));
  expect(await screen.findByRole('heading', { name: copy.themes.chooseTitle })).toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: copy.themes.continue }));
  expect(await screen.findByTestId('theme-missing')).toHaveTextContent(copy.themes.selectToContinue);
  // The choice is the URL's theme segment: a reload keeps it.
  await user.click(screen.getByTestId('theme-option-navyPop'));
  await waitFor(() => expect(currentUrl(router)).toBe(paths.newFlow.getHref({ workspaceSlug: workspace.slug, stage: 'choose_theme', theme: 'navyPop' })));
  await waitFor(() => expect(screen.getByTestId('theme-option-navyPop')).toHaveAttribute('aria-pressed', 'true'));
  expect(screen.queryByText(copy.themes.selectToContinue)).not.toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: copy.themes.continue }));
  await waitFor(() => expect(currentUrl(router)).toBe(paths.newFlow.getHref({ workspaceSlug: workspace.slug, stage: 'blank', theme: 'navyPop' })));
  expect(await screen.findByTestId('new-flow-theme')).toHaveTextContent(copy.themes.featuredNames.navyPop);
  const name = await screen.findByLabelText(copy.newFlow.nameLabel);
  expect(name).toHaveValue(copy.defaultNames.myForm);
  await user.clear(name);
  await user.type(name, 'Volunteer sign-up{Enter}');

  expect(await screen.findByTestId('flow-title')).toHaveTextContent('Volunteer sign-up');
  const publicIdentifier = editorFlow(router);
  const { flow, flowSnapshot } = await callEndpoint(fetchFlow, { params: { publicIdentifier } });
  expect(flow).toMatchObject({ type: 'form', workspaceId: workspace.id, name: 'Volunteer sign-up', featuredThemeId: 'navyPop', themePublicId: null });
  expect(Object.keys(flowSnapshot.template.steps)).toEqual(['page1', 'ending']);
});

it("makes a theme with 'Make your own', chooses it, and creates the form in it", async () => {
  const workspace = await signedUp('Lin');
  const { router, user } = renderApp(paths.newFlow.getHref({ workspaceSlug: workspace.slug, stage: 'choose_theme', theme: 'rose' }));
  expect(await screen.findByTestId('theme-option-rose')).toHaveAttribute('aria-pressed', 'true');

  await user.click(screen.getByTestId('theme-make-your-own'));
  const editor = await screen.findByTestId('theme-editor');
  // It starts from the chosen featured theme.
  expect(within(editor).getByTestId('theme-color-primary')).toHaveValue(FEATURED_THEMES.rose.colors.primary);
  const name = within(editor).getByLabelText(copy.themes.editor.name);
  await user.clear(name);
  await user.type(name, 'Harbour');
  const primary = within(editor).getByTestId('theme-color-primary');
  await user.clear(primary);
  await user.type(primary, '#0b7285');
  await user.click(within(editor).getByRole('button', { name: copy.themes.editor.save }));

  // The new theme is listed under 'Your themes' and chosen.
  await waitFor(() => expect(screen.queryByTestId('theme-save')).not.toBeInTheDocument());
  const themes = await callEndpoint(listThemes, {});
  expect(themes.themes).toHaveLength(1);
  const [harbour] = themes.themes;
  expect(harbour).toMatchObject({ name: 'Harbour', theme: { ...FEATURED_THEMES.rose, colors: { ...FEATURED_THEMES.rose.colors, primary: '#0b7285' } } });
  await waitFor(() => expect(currentUrl(router)).toBe(paths.newFlow.getHref({ workspaceSlug: workspace.slug, stage: 'choose_theme', theme: harbour!.publicIdentifier })));
  expect(await screen.findByTestId(`theme-option-${harbour!.publicIdentifier}`)).toHaveAttribute('aria-pressed', 'true');

  await user.click(screen.getByRole('button', { name: copy.themes.continue }));
  expect(await screen.findByTestId('new-flow-theme')).toHaveTextContent('Harbour');
  await user.click(screen.getByTestId('new-flow-create'));
  expect(await screen.findByTestId('flow-title')).toBeInTheDocument();
  const { flow } = await callEndpoint(fetchFlow, { params: { publicIdentifier: editorFlow(router) } });
  expect(flow).toMatchObject({ featuredThemeId: null, themePublicId: harbour!.publicIdentifier });
  // The editor names the form's theme.
  expect(await screen.findByTestId('flow-theme-button')).toHaveTextContent('Harbour');
});

it('makes a quiz that scores from the start: the quiz is on and its sample question has a right answer', async () => {
  const workspace = await signedUp('Grace');
  const { router, user } = renderApp(paths.newFlow.getHref({ workspaceSlug: workspace.slug, stage: 'choose' }));
  await user.click(within(await dialog()).getByTestId('new-flow-card-quiz'));
  expect(await screen.findByLabelText(copy.newFlow.nameLabel)).toHaveValue(copy.defaultNames.myQuiz);
  await user.click(screen.getByRole('button', { name: copy.newFlow.createQuiz }));

  expect(await screen.findByTestId('flow-title')).toHaveTextContent(copy.defaultNames.myQuiz);
  const { flow, flowSnapshot } = await callEndpoint(fetchFlow, { params: { publicIdentifier: editorFlow(router) } });
  expect(flow.type).toBe('quiz');
  expect(flowSnapshot.template.quizzes).toEqual({ enabled: true, showScore: true, showAnswers: true });
  const page = flowSnapshot.template.steps.page1;
  const question = page?.type === 'form' ? page.template.widgets[0] : undefined;
  expect(question).toMatchObject({ type: 'MultipleChoice', template: { label: copy.newFlow.quizStarter.question } });
});

it('keeps the stage in the URL: a reload stays on it, Back returns to the previous stage, closing returns to the workspace', async () => {
  const workspace = await signedUp('Katherine');
  const blank = paths.newFlow.getHref({ workspaceSlug: workspace.slug, stage: 'blank' });
  const { router, user } = renderApp(blank);
  expect(await screen.findByLabelText(copy.newFlow.nameLabel)).toBeInTheDocument();
  expect(await dialog()).toHaveAttribute('data-stage', 'blank');

  // Back from a blank form goes to its theme stage.
  await user.click(screen.getByRole('button', { name: copy.newFlow.back }));
  await waitFor(() => expect(currentUrl(router)).toBe(paths.newFlow.getHref({ workspaceSlug: workspace.slug, stage: 'choose_theme' })));
  await act(() => router.navigate(-1));
  await waitFor(() => expect(currentUrl(router)).toBe(blank));
  expect(await screen.findByLabelText(copy.newFlow.nameLabel)).toBeInTheDocument();

  await user.click(screen.getByRole('button', { name: copy.newFlow.close }));
  await waitFor(() => expect(currentUrl(router)).toBe(paths.workspace.getHref(workspace.slug)));
  await waitFor(() => expect(screen.queryByTestId('new-flow-dialog')).not.toBeInTheDocument());
  expect(screen.getByTestId('workspace-section')).toBeInTheDocument();
});

it("records the product tab in analytics and resets to the product's first stage; unknown stages open 'choose'", async () => {
  const workspace = await signedUp('Mary');
  const events: [string, Record<string, unknown>][] = [];
  window.formloomAnalytics = (event, properties) => events.push([event, properties]);

  // A stage the app does not serve (and extra segments) open 'choose' on the bare entry too.
  const { router, user } = renderApp('/home/forms/new/connect/dark/airtable/7');
  await waitFor(() => expect(currentUrl(router)).toBe(paths.newFlow.getHref({ stage: 'choose' })));
  expect(await dialog()).toHaveAttribute('data-stage', 'choose');

  await user.click(screen.getByRole('tab', { name: copy.newFlow.products.workflows }));
  await waitFor(() => expect(currentUrl(router)).toBe(paths.newFlow.getHref({ stage: 'workflows' })));
  expect(await screen.findByRole('heading', { name: copy.workflowGallery.galleryTitle })).toBeInTheDocument();
  expect(events).toContainEqual(['new_flow_product_selected', { product: 'workflows', from_stage: 'choose' }]);

  await user.click(screen.getByRole('tab', { name: copy.newFlow.products.forms }));
  await waitFor(() => expect(currentUrl(router)).toBe(paths.newFlow.getHref({ stage: 'choose' })));
  expect(await screen.findByRole('heading', { name: copy.newFlow.chooseTitle })).toBeInTheDocument();
  expect(events).toContainEqual(['new_flow_product_selected', { product: 'forms', from_stage: 'workflows' }]);
  // Scheduling, payments and PDF come with their services: no tab for them yet.
  const products = screen.getByRole('tablist', { name: copy.newFlow.productLabel });
  expect(within(products).getAllByRole('tab').map((tab) => tab.textContent)).toEqual([copy.newFlow.products.forms, copy.newFlow.products.workflows]);

  // The bare /home/forms/{slug} opens 'choose' in that workspace.
  await act(() => router.navigate(`/home/forms/${workspace.slug}`));
  await waitFor(() => expect(currentUrl(router)).toBe(paths.newFlow.getHref({ workspaceSlug: workspace.slug, stage: 'choose' })));
});

it("offers a Quick start: Form opens the dialog, App says 'Coming soon: App', and 'Make a Zite' opens its modal", async () => {
  const workspace = await signedUp('Hedy');
  const events: [string, Record<string, unknown>][] = [];
  window.formloomAnalytics = (event, properties) => events.push([event, properties]);
  const { router, user } = renderApp(paths.home.getHref());

  const quickStart = await screen.findByRole('region', { name: copy.home.quickStart });
  // Database waits for its feature flag.
  expect(within(quickStart).queryByTestId('quick-start-database')).not.toBeInTheDocument();
  await user.click(within(quickStart).getByTestId('quick-start-app'));
  expect(await screen.findByText(copy.toasts.comingSoon('App'))).toBeInTheDocument();
  expect(events).toContainEqual(['quick_start_selected', { type: 'app', available: false }]);

  await user.click(within(quickStart).getByTestId('quick-start-form'));
  await waitFor(() => expect(currentUrl(router)).toBe(paths.newFlow.getHref({ workspaceSlug: workspace.slug, stage: 'choose' })));
  expect(await screen.findByRole('heading', { name: copy.newFlow.chooseTitle })).toBeInTheDocument();

  await act(() => router.navigate(paths.home.getHref()));
  await user.click(await screen.findByRole('button', { name: /Switch workspace/ }));
  await user.click(await screen.findByRole('menuitem', { name: copy.home.makeZite }));
  const zite = await screen.findByTestId('make-zite');
  expect(currentUrl(router)).toBe(paths.makeZite.getHref());
  expect(within(zite).getByText(copy.toasts.comingSoon('App'))).toBeInTheDocument();
  await user.click(within(zite).getByRole('button', { name: copy.newFlow.close }));
  await waitFor(() => expect(currentUrl(router)).toBe(paths.home.getHref()));
});

it("shows the Quick start's Database card when the organization's feature flag is on: 'Coming soon: Database'", async () => {
  await signedUp('Radia');
  const events: [string, Record<string, unknown>][] = [];
  window.formloomAnalytics = (event, properties) => events.push([event, properties]);
  const me = await callEndpoint(getMe, {});
  await setOrganizationFlagsAsOperator(me.organizations[0]!.id, { features: ['database'] });
  const { user } = renderApp(paths.home.getHref());
  const quickStart = await screen.findByRole('region', { name: copy.home.quickStart });
  await user.click(await within(quickStart).findByTestId('quick-start-database'));
  expect(await screen.findByText(copy.toasts.comingSoon('Database'))).toBeInTheDocument();
  expect(events).toContainEqual(['quick_start_selected', { type: 'database', available: false }]);
});
