/**
 * The template gallery (spec 000 §2 "template", §5 "Template creation", §8; src/features/templates/, the new-flow
 * dialog's 'template' stage) against the real services: the Template card opens it on 'Most popular' with the
 * categories and their counts; a category and a search narrow the grid, and a search without matches offers 'Make
 * form from scratch'; a preview shows the template's pages and 'Use this template' makes the form, with its theme,
 * and opens it; a template's link opens its preview, and an unknown slug says so with 'Go home'.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { fetchFlow } from '@formloom/contracts/api/flows/flows';
import { listCloneableTemplates } from '@formloom/contracts/api/flows/cloneable-templates';
import { getMe } from '@formloom/contracts/api/workspaces-auth/auth';
import * as copy from '@formloom/contracts/copy';
import { findCatalogueTemplate, POPULAR_TEMPLATE_SLUGS, TEMPLATE_CATALOGUE } from '@formloom/contracts/templates/catalogue';
import { paths } from '../../../src/config/paths';
import { callEndpoint } from '../../../src/lib/api-client';
import { currentUrl, renderApp, signUpUser } from '../../render-app';

async function signedUp(firstName = 'Tess') {
  await signUpUser({ firstName });
  const me = await callEndpoint(getMe, {});
  return me.workspaces[0]!;
}

it('lists the catalogue by category and by search, and offers a blank form when nothing matches', async () => {
  const workspace = await signedUp();
  const { router, user } = renderApp(paths.newFlow.getHref({ workspaceSlug: workspace.slug, stage: 'choose' }));
  await user.click(await screen.findByTestId('new-flow-card-template'));
  await waitFor(() => expect(currentUrl(router)).toBe(paths.newFlow.getHref({ workspaceSlug: workspace.slug, stage: 'template' })));
  const grid = await screen.findByTestId('templates-grid', {}, { timeout: 15_000 });
  // 'Most popular' first: the spec's popular slugs lead, in their order.
  const cards = within(grid).getAllByRole('button');
  expect(cards.slice(0, POPULAR_TEMPLATE_SLUGS.length).map((card) => card.getAttribute('data-testid'))).toEqual(
    POPULAR_TEMPLATE_SLUGS.map((slug) => `template-card-${slug}`),
  );
  const categories = screen.getByTestId('templates-categories');
  expect(within(categories).getByTestId('templates-category-popular')).toHaveAttribute('aria-current', 'true');
  expect(within(categories).getByTestId('templates-category-all')).toHaveTextContent(`${copy.templates.allTemplates}${TEMPLATE_CATALOGUE.length}`);
  // The categories after 'Most popular' and 'All templates' are sorted by label.
  const labels = within(categories)
    .getAllByRole('button')
    .slice(2)
    .map((button) => button.firstChild!.textContent!);
  expect(labels).toEqual([...labels].sort((a, b) => a.localeCompare(b, 'en')));

  await user.click(within(categories).getByTestId('templates-category-quiz'));
  const quizzes = TEMPLATE_CATALOGUE.filter((entry) => entry.categories.includes('quiz'));
  await waitFor(() => expect(within(screen.getByTestId('templates-grid')).getAllByRole('button')).toHaveLength(quizzes.length));

  await user.type(screen.getByTestId('templates-search'), 'wedding');
  await waitFor(() => expect(screen.getByTestId('template-card-wedding-rsvp')).toBeInTheDocument());
  expect(screen.queryByTestId('template-card-job-application')).not.toBeInTheDocument();

  await user.clear(screen.getByTestId('templates-search'));
  await user.type(screen.getByTestId('templates-search'), 'zebra taxidermy');
  expect(await screen.findByTestId('templates-empty')).toHaveTextContent(copy.templates.noTemplatesMatching('zebra taxidermy'));
  await user.click(screen.getByTestId('templates-from-scratch'));
  await waitFor(() => expect(currentUrl(router)).toBe(paths.newFlow.getHref({ workspaceSlug: workspace.slug, stage: 'choose_theme' })));
});

it("previews a template's pages and makes a form from it with 'Use this template'", async () => {
  const workspace = await signedUp('Noor');
  const { router, user } = renderApp(paths.newFlow.getHref({ workspaceSlug: workspace.slug, stage: 'template' }));
  await user.click(await screen.findByTestId('template-card-rsvp-form', {}, { timeout: 15_000 }));
  const preview = await screen.findByTestId('template-preview');
  expect(currentUrl(router)).toBe(`${paths.newFlow.getHref({ workspaceSlug: workspace.slug, stage: 'template' })}?template=rsvp-form`);
  const entry = findCatalogueTemplate('rsvp-form')!;
  expect(within(preview).getByRole('heading', { name: entry.name })).toBeInTheDocument();
  const pages = within(preview).getByRole('list', { name: copy.templates.pages });
  expect(within(pages).getAllByRole('listitem')).toHaveLength(Object.keys(entry.template.steps).length);
  const large = within(preview).getAllByRole('img')[0]!;
  expect(large.getAttribute('src')).toBe(`/template-thumbnails/rsvp-form/${entry.template.firstStep}-medium.jpg`);

  await user.click(within(preview).getByTestId('template-use'));
  await waitFor(() => expect(router.state.location.pathname).toMatch(/^\/editor\/[^/]+\/edit$/), { timeout: 15_000 });
  const publicIdentifier = router.state.location.pathname.split('/')[2]!;
  const { flow, flowSnapshot } = await callEndpoint(fetchFlow, { params: { publicIdentifier } });
  expect(flow).toMatchObject({ name: entry.name, workspaceId: workspace.id, featuredThemeId: entry.featuredThemeId, type: entry.type });
  expect(flowSnapshot.template).toEqual(entry.template);

  // The preview and the new form were counted.
  await waitFor(async () => {
    const [template] = (await callEndpoint(listCloneableTemplates, { query: { slug: 'rsvp-form' } })).cloneableTemplates;
    expect(template!.viewCount).toBeGreaterThanOrEqual(1);
    expect(template!.cloneCount).toBeGreaterThanOrEqual(1);
  });
});

it("opens a template's link on its preview, and says so for a slug that names none", async () => {
  await signedUp('Ravi');
  const { router, user } = renderApp(paths.templateLink.getHref('job-application'));
  expect(await screen.findByTestId('template-preview', {}, { timeout: 15_000 })).toHaveAttribute('data-slug', 'job-application');
  await user.click(screen.getByTestId('template-preview-back'));
  expect(await screen.findByTestId('templates-grid')).toBeInTheDocument();

  await router.navigate(paths.templateLink.getHref('no-such-template'));
  const notFound = await screen.findByTestId('template-not-found');
  expect(notFound).toHaveTextContent(copy.templates.notFound);
  await user.click(within(notFound).getByRole('button', { name: copy.flows.goHome }));
  await waitFor(() => expect(router.state.location.pathname).toMatch(/^\/home/));
});
