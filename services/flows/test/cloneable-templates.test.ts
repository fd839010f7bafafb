/**
 * Cloneable templates on the real service (in-memory PGlite; spec 000 §2 "template", §3 "Cloneable template", §5, §7):
 * the built-in catalogue stored as published forms and listed with its page pictures, kept equal to the catalogue when
 * it changes; one template by slug; view and clone counts (limited per address); a form made from a template with the
 * documented calls; respondents kept off the catalogue's forms; an admin making a form a template — private or public,
 * refused to members and for unpublished forms, never listed for another organization, gone with its form.
 */
import { sql } from 'drizzle-orm';
import * as copy from '@formloom/contracts/copy';
import type { CloneableTemplate } from '@formloom/contracts/entities/cloneable-template';
import type { FlowTemplate } from '@formloom/contracts/entities/flow-template';
import { TEMPLATE_COUNTS_PER_ADDRESS_MAX } from '@formloom/contracts/limits';
import { TEMPLATE_CATALOGUE, findCatalogueTemplate } from '@formloom/contracts/templates/catalogue';
import { TEMPLATE_CATEGORIES } from '@formloom/contracts/templates/categories';
import { rowsOf } from '@formloom/kit/db';
import { syncTemplateCatalogue } from '../src/domain/cloneable-templates';
import { createFlow, exampleTemplate, setup, submit, WS, type Harness, type UserKey } from './helpers';

let h: Harness;
/** An admin of organization 1. */
let admin: { authorization: string };
beforeAll(async () => {
  h = await setup();
  admin = await h.issuer.headers({ id: 9, organizationId: 1, isAdmin: true, workspaces: { [WS.main]: 'write' } });
});
afterAll(async () => {
  await h.service.close();
});

type Caller = UserKey | { authorization: string };

function inject(method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, caller?: Caller, payload?: unknown, remoteAddress?: string) {
  const headers = caller === undefined ? undefined : typeof caller === 'string' ? h.headers[caller] : caller;
  return h.service.app.inject({
    method,
    url,
    ...(headers ? { headers } : {}),
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    ...(remoteAddress ? { remoteAddress } : {}),
  });
}

async function gallery(caller: Caller = 'writer', slug?: string): Promise<CloneableTemplate[]> {
  const response = await inject('GET', `/admin/cloneableTemplates/all${slug === undefined ? '' : `?slug=${encodeURIComponent(slug)}`}`, caller);
  expect(response.statusCode).toBe(200);
  return response.json<{ cloneableTemplates: CloneableTemplate[] }>().cloneableTemplates;
}

/** A published example form of the writer. */
async function publishedForm(name = 'Team intake'): Promise<string> {
  const flow = await createFlow(h, { name, flowTemplate: exampleTemplate() });
  expect((await inject('POST', `/admin/flows/${flow.publicIdentifier}/publish`, 'writer')).statusCode).toBe(200);
  return flow.publicIdentifier;
}

function makeTemplate(flowPublicIdentifier: string, body: Record<string, unknown> = {}, caller: Caller = admin) {
  return inject('POST', '/admin/cloneableTemplates', caller, { flowPublicIdentifier, name: 'Team intake', categories: ['hr'], ...body });
}

describe('the built-in catalogue', () => {
  it('lists every catalogue template, in order, with its pages pictured at three sizes and its question count', async () => {
    const templates = await gallery();
    expect(templates.map((template) => template.slug)).toEqual(TEMPLATE_CATALOGUE.map((entry) => entry.slug));
    const rsvp = templates.find((template) => template.slug === 'rsvp-form')!;
    const entry = findCatalogueTemplate('rsvp-form')!;
    expect(rsvp).toMatchObject({
      name: entry.name,
      description: entry.description,
      categories: entry.categories,
      isFeatured: entry.isFeatured,
      isPrivate: false,
      type: entry.type,
      source: 'catalogue',
      theme: entry.featuredThemeId,
      viewCount: 0,
      cloneCount: 0,
    });
    expect(rsvp.questionCount).toBeGreaterThan(0);
    const stepIds = Object.keys(entry.template.steps);
    expect(rsvp.pageImages.map((page) => page.stepId).sort()).toEqual(stepIds.sort());
    expect(rsvp.pageImages[0]!.stepId).toBe(entry.template.firstStep);
    expect(rsvp.pageImages.at(-1)!.stepName).toBe(entry.template.steps[rsvp.pageImages.at(-1)!.stepId]!.name);
    expect(rsvp.pageImages[0]!.thumbnails).toEqual({
      small: `/template-thumbnails/rsvp-form/${entry.template.firstStep}-small.jpg`,
      medium: `/template-thumbnails/rsvp-form/${entry.template.firstStep}-medium.jpg`,
      large: `/template-thumbnails/rsvp-form/${entry.template.firstStep}-large.jpg`,
    });
    expect(rsvp.pageImages[0]!.imageUrl).toBe(rsvp.pageImages[0]!.thumbnails!.large);
    // Every template is in at least one known category, and there are at least 8 categories in use.
    const used = new Set(templates.flatMap((template) => template.categories));
    expect(used.size).toBeGreaterThanOrEqual(8);
    for (const category of used) expect(TEMPLATE_CATEGORIES.map((known) => known.id)).toContain(category);
  });

  it('serves a template’s live form to anyone, with its theme — but no one can submit to it', async () => {
    const [template] = await gallery();
    const live = await inject('GET', `/public/flows/templates/${template!.flowPublicIdentifier}?mode=live`);
    expect(live.statusCode).toBe(200);
    const body = live.json<{ flowSnapshot: { template: FlowTemplate }; theme: { theme: { featuredThemeId: string } } }>();
    expect(body.flowSnapshot.template).toEqual(findCatalogueTemplate(template!.slug)!.template);
    expect(body.theme.theme.featuredThemeId).toBe(template!.theme);
    const refused = await submit(h, template!.flowPublicIdentifier, {});
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toBe(copy.templates.notFillable);
  });

  it('is stored once, whoever asks and however often, and follows the catalogue when it changes', async () => {
    const before = await gallery('outsider');
    expect(before.map((template) => template.id)).toEqual((await gallery('writer')).map((template) => template.id));
    const changed = TEMPLATE_CATALOGUE.map((entry) =>
      entry.slug === 'rsvp-form' ? { ...entry, name: 'RSVP (new)', template: { ...entry.template, firstStep: entry.template.firstStep } } : entry,
    ).filter((entry) => entry.slug !== 'newsletter-signup');
    const extra = { ...TEMPLATE_CATALOGUE[0]!, slug: 'brand-new-template', name: 'Brand new' };
    const result = await syncTemplateCatalogue(h.service.deps, [extra, ...changed]);
    expect(result).toEqual({ added: 1, changed: 1, removed: 1 });
    const after = await gallery();
    expect(after[0]!.slug).toBe('brand-new-template');
    expect(after.find((template) => template.slug === 'newsletter-signup')).toBeUndefined();
    const rsvp = after.find((template) => template.slug === 'rsvp-form')!;
    expect(rsvp.id).toBe(before.find((template) => template.slug === 'rsvp-form')!.id);
    expect(rsvp.name).toBe('RSVP (new)');
    // A second run finds nothing to do; the real catalogue puts everything back.
    expect(await syncTemplateCatalogue(h.service.deps, [extra, ...changed])).toEqual({ added: 0, changed: 0, removed: 0 });
    expect(await syncTemplateCatalogue(h.service.deps)).toEqual({ added: 1, changed: 1, removed: 1 });
    expect((await gallery()).map((template) => template.slug)).toEqual(TEMPLATE_CATALOGUE.map((entry) => entry.slug));
    // The template library's forms are no tenant's: not in any workspace's list.
    const library = rowsOf<{ n: number }>(await h.service.ctx.db.execute(sql`SELECT count(*)::int AS n FROM flows WHERE organization_id = 0`));
    expect(library[0]!.n).toBe(TEMPLATE_CATALOGUE.length);
  });
});

describe('by slug', () => {
  it('answers the one template of a slug, and none for an unknown slug', async () => {
    const found = await gallery('writer', 'job-application');
    expect(found.map((template) => template.slug)).toEqual(['job-application']);
    expect(await gallery('writer', 'no-such-template')).toEqual([]);
  });
});

describe('counts', () => {
  it('counts previews and forms made from a template, per address at most the limit, and 404 for an unknown one', async () => {
    const template = (await gallery()).find((candidate) => candidate.slug === 'contact-form')!;
    for (let index = 0; index < 3; index += 1) {
      expect((await inject('POST', `/public/flows/templates/viewcount/${template.id}`)).json()).toEqual({ counted: true });
    }
    expect((await inject('POST', `/public/flows/templates/clonecount/${template.id}`)).json()).toEqual({ counted: true });
    let after = (await gallery()).find((candidate) => candidate.id === template.id)!;
    expect([after.viewCount, after.cloneCount]).toEqual([3, 1]);

    for (let index = 0; index < TEMPLATE_COUNTS_PER_ADDRESS_MAX; index += 1) await inject('POST', `/public/flows/templates/viewcount/${template.id}`, undefined, undefined, '10.0.0.9');
    expect((await inject('POST', `/public/flows/templates/viewcount/${template.id}`, undefined, undefined, '10.0.0.9')).json()).toEqual({ counted: false });
    after = (await gallery()).find((candidate) => candidate.id === template.id)!;
    expect(after.viewCount).toBe(3 + TEMPLATE_COUNTS_PER_ADDRESS_MAX);

    const unknown = await inject('POST', '/public/flows/templates/clonecount/0190a3c5-0000-7000-8000-000000000000');
    expect(unknown.statusCode).toBe(404);
    expect((await inject('POST', '/public/flows/templates/viewcount/not-a-uuid')).statusCode).toBe(400);
  });
});

describe('making a form from a template', () => {
  it('copies the template’s live form, theme and type into a new form of the caller’s workspace', async () => {
    const quiz = (await gallery()).find((template) => template.type === 'quiz')!;
    const live = (await inject('GET', `/public/flows/templates/${quiz.flowPublicIdentifier}?mode=live`)).json<{ flowSnapshot: { template: FlowTemplate } }>();
    const flow = await createFlow(h, { name: quiz.name, type: quiz.type, flowTemplate: live.flowSnapshot.template, theme: quiz.theme, dedupeFormName: true });
    expect(flow).toMatchObject({ name: quiz.name, type: 'quiz', workspaceId: WS.main });
    const draft = (await inject('GET', `/admin/flows/fetch/${flow.publicIdentifier}`, 'writer')).json<{ flow: { featuredThemeId: string }; flowSnapshot: { template: FlowTemplate } }>();
    expect(draft.flowSnapshot.template).toEqual(live.flowSnapshot.template);
    expect(draft.flow.featuredThemeId).toBe(quiz.theme);
  });
});

describe('an organization’s own templates', () => {
  it('lets an admin make a published form a template, listed for the organization only, with its live pages', async () => {
    const form = await publishedForm('Volunteer sign-up');
    const response = await makeTemplate(form, { name: '  Volunteer sign-up  ', description: 'Our volunteer form', categories: ['nonprofit', 'nonprofit'] });
    expect(response.statusCode).toBe(201);
    const template = response.json<{ cloneableTemplate: CloneableTemplate }>().cloneableTemplate;
    expect(template).toMatchObject({
      name: 'Volunteer sign-up',
      description: 'Our volunteer form',
      categories: ['nonprofit'],
      isPrivate: true,
      isFeatured: false,
      source: 'organization',
      flowPublicIdentifier: form,
      type: 'form',
    });
    expect(template.slug).toMatch(/^volunteer-sign-up-[a-z0-9]{8}$/);
    expect(template.pageImages.length).toBeGreaterThan(0);
    expect(template.pageImages.every((page) => page.imageUrl === null && page.thumbnails === null)).toBe(true);

    const mine = await gallery('writer');
    expect(mine.at(-1)!.id).toBe(template.id);
    expect((await gallery('outsider')).some((candidate) => candidate.id === template.id)).toBe(false);
    // Private: not even by its link for another organization; the organization's members find it by slug.
    expect(await gallery('outsider', template.slug)).toEqual([]);
    expect((await gallery('reader', template.slug))[0]!.id).toBe(template.id);

    // Public: by its link for anyone, still listed only in its own organization's gallery.
    const changed = await inject('PATCH', `/admin/cloneableTemplates/${template.id}`, admin, { isPrivate: false, name: 'Volunteers' });
    expect(changed.statusCode).toBe(200);
    expect(changed.json<{ cloneableTemplate: CloneableTemplate }>().cloneableTemplate).toMatchObject({ isPrivate: false, name: 'Volunteers' });
    expect((await gallery('outsider', template.slug))[0]).toMatchObject({ id: template.id, theme: null });
    expect((await gallery('outsider')).some((candidate) => candidate.id === template.id)).toBe(false);

    // Unpublished: hidden; published again: back.
    expect((await inject('POST', `/admin/flows/${form}/unpublish`, 'writer')).statusCode).toBe(200);
    expect((await gallery('writer')).some((candidate) => candidate.id === template.id)).toBe(false);
    expect((await inject('POST', `/admin/flows/${form}/publish`, 'writer')).statusCode).toBe(200);
    expect((await gallery('writer')).some((candidate) => candidate.id === template.id)).toBe(true);

    // Deleting the form takes the template with it.
    expect((await inject('DELETE', `/admin/flows/${form}`, 'writer')).statusCode).toBe(200);
    expect(await gallery('writer', template.slug)).toEqual([]);
  });

  it('refuses members, unpublished forms, a second template of a form, unknown categories and other organizations’ forms', async () => {
    const form = await publishedForm('Refusals');
    const member = await makeTemplate(form, {}, 'writer');
    expect(member.statusCode).toBe(403);
    expect(member.json().error.message).toBe(copy.templates.publish.notAdmin);

    const draft = await createFlow(h, { name: 'Draft only', flowTemplate: exampleTemplate() });
    const unpublished = await makeTemplate(draft.publicIdentifier);
    expect(unpublished.statusCode).toBe(400);
    expect(unpublished.json().error.message).toBe(copy.templates.publish.notPublished);

    expect((await makeTemplate(form, { categories: ['astrology'] })).statusCode).toBe(400);
    expect((await makeTemplate(form, { categories: [] })).statusCode).toBe(400);
    expect((await makeTemplate(form, { name: '   ' })).statusCode).toBe(400);

    const first = await makeTemplate(form);
    expect(first.statusCode).toBe(201);
    const second = await makeTemplate(form);
    expect(second.statusCode).toBe(409);
    expect(second.json().error.message).toBe(copy.templates.publish.alreadyTemplate);

    // Another organization's admin: the form is not theirs to see, the template not theirs to change.
    expect((await makeTemplate(form, {}, 'outsider')).statusCode).toBe(404);
    const id = first.json<{ cloneableTemplate: CloneableTemplate }>().cloneableTemplate.id;
    expect((await inject('PATCH', `/admin/cloneableTemplates/${id}`, 'outsider', { name: 'Mine now' })).statusCode).toBe(404);
    expect((await inject('DELETE', `/admin/cloneableTemplates/${id}`, 'outsider')).statusCode).toBe(404);
    expect((await inject('DELETE', `/admin/cloneableTemplates/${id}`, 'writer')).statusCode).toBe(403);

    // Removing the template keeps the form.
    expect((await inject('DELETE', `/admin/cloneableTemplates/${id}`, admin)).json()).toEqual({ deleted: true });
    expect((await inject('GET', `/public/flows/templates/${form}?mode=live`)).statusCode).toBe(200);
    expect((await gallery('writer')).some((candidate) => candidate.id === id)).toBe(false);
  });
});
