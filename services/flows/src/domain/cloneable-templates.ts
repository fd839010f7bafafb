/**
 * Cloneable templates (spec 000 §2 "template" stage, §3 "Cloneable template", §7 `GET /admin/cloneableTemplates/all`,
 * `POST /public/flows/templates/viewcount|clonecount/{templateId}`): the template gallery a new form starts from.
 *
 * - **The built-in catalogue** (`@formloom/contracts/templates/catalogue`): each entry is stored as a published form
 *   of the template library — organization and workspace {@link TEMPLATE_LIBRARY_ORGANIZATION_ID}, which no tenant
 *   has, so no home list, workspace or organization call ever reaches them — and a template row pointing at it. The
 *   rows follow the catalogue: {@link syncTemplateCatalogue} (run once per service instance before the first gallery
 *   call, under an advisory lock so replicas starting together do it once) adds new entries, republishes changed
 *   ones (a new snapshot version: forms made earlier are copies, untouched) and removes dropped ones, comparing a
 *   hash of each entry. Their page pictures are the committed renders (`rules/template-thumbnails.ts`).
 * - **An organization's own**: an admin makes one of the organization's published forms a template; it always
 *   shows the form's LIVE version, and goes with the form (deleted with it; hidden while it is not live). Private
 *   ones are for the organization; public ones may be used by anyone through their link (`?slug=`), but are listed
 *   only in their own organization's gallery. Their pages have no pictures: the gallery draws them itself.
 *
 * A form is made from a template by the web app with the documented calls (the template's live form, then
 * `POST /admin/flows`, then `clonecount`); respondents cannot submit to the template library's forms
 * ({@link assertFillable}).
 */
import { createHash } from 'node:crypto';
import type { CloneableTemplate, TemplatePageImage } from '@formloom/contracts/entities/cloneable-template';
import type { FlowTemplate } from '@formloom/contracts/entities/flow-template';
import type { CreateCloneableTemplateBody, UpdateCloneableTemplateBody } from '@formloom/contracts/api/flows/cloneable-templates';
import * as copy from '@formloom/contracts/copy';
import { takesAnswer } from '@formloom/contracts/answers/registry';
import { TEMPLATES_PER_ORGANIZATION_MAX } from '@formloom/contracts/limits';
import { formWidgets } from '@formloom/contracts/rules/steps';
import { templateThumbnailSteps, templateThumbnailUrl } from '@formloom/contracts/rules/template-thumbnails';
import { TEMPLATE_CATALOGUE, type CatalogueTemplate } from '@formloom/contracts/templates/catalogue';
import { conflict, forbidden, invalid, notFound } from '@formloom/kit/errors';
import { publicIdentifier as newPublicIdentifier, uuidv7 } from '@formloom/kit/ids';
import type { Tx } from '@formloom/kit/db';
import {
  deleteFlowRows,
  insertFlow,
  insertLiveSnapshot,
  nextSnapshotVersion,
  updateDraftTemplate,
  updateFlowName,
  updateFlowTheme,
} from '../db/flows-repository';
import {
  countOrganizationTemplates,
  deleteOrganizationTemplate,
  findOrganizationTemplate,
  findTemplateIdOfFlow,
  findUsableTemplateBySlug,
  incrementTemplateCount,
  insertTemplate,
  listGalleryTemplates,
  listStoredCatalogue,
  lockCatalogue,
  lockOrganizationTemplates,
  updateTemplateRow,
  type TemplateRecord,
} from '../db/templates-repository';
import { authorizedFlow, type Authorize, type FlowsDeps } from './flows';

/** The organization (and workspace) id of the template library, which holds the catalogue's forms: no tenant's. */
export const TEMPLATE_LIBRARY_ORGANIZATION_ID = 0;

/** Who calls: the token's organization, user and admin flag. */
export interface TemplateCaller {
  organizationId: number;
  userId: number;
  isAdmin: boolean;
}

/** The synchronisation of each service instance's catalogue (once per instance; again after a failure). */
const catalogueSyncs = new WeakMap<FlowsDeps, Promise<void>>();

/**
 * Makes sure the stored catalogue matches `TEMPLATE_CATALOGUE` — once per service instance (the first gallery call
 * waits for it; a failure is retried by the next call).
 */
export function catalogueReady(deps: FlowsDeps): Promise<void> {
  let sync = catalogueSyncs.get(deps);
  if (!sync) {
    sync = syncTemplateCatalogue(deps).then(
      () => undefined,
      (error: unknown) => {
        catalogueSyncs.delete(deps);
        throw error;
      },
    );
    catalogueSyncs.set(deps, sync);
  }
  return sync;
}

/** The hash of what a catalogue entry stores (its form and how it is shown; not its position). */
export function catalogueEntryHash(entry: CatalogueTemplate): string {
  const { slug, name, description, categories, isFeatured, featuredThemeId, type, template } = entry;
  return createHash('sha256')
    .update(JSON.stringify({ slug, name, description, categories, isFeatured, featuredThemeId, type, template }))
    .digest('base64url');
}

/**
 * Brings the stored catalogue in line with `catalogue` (default `TEMPLATE_CATALOGUE`) in one transaction under the
 * catalogue's advisory lock: an entry not stored gets a template-library form, published, and its template row; an
 * entry whose hash changed gets its form renamed, re-themed and republished (a new snapshot version) and its row
 * updated; a moved entry gets its position; a stored entry no longer in the catalogue is deleted with its form.
 * Resolves the numbers of each, for the log.
 */
export async function syncTemplateCatalogue(
  deps: FlowsDeps,
  catalogue: readonly CatalogueTemplate[] = TEMPLATE_CATALOGUE,
): Promise<{ added: number; changed: number; removed: number }> {
  return deps.transact(async (tx) => {
    await lockCatalogue(tx);
    const stored = new Map((await listStoredCatalogue(tx)).map((row) => [row.slug, row]));
    let added = 0;
    let changed = 0;
    for (const [position, entry] of catalogue.entries()) {
      const hash = catalogueEntryHash(entry);
      const row = stored.get(entry.slug);
      stored.delete(entry.slug);
      if (!row) {
        await addCatalogueEntry(tx, entry, position, hash);
        added += 1;
      } else if (row.contentHash !== hash) {
        await updateFlowName(tx, row.flowId, entry.name);
        await updateFlowTheme(tx, row.flowId, { featuredThemeId: entry.featuredThemeId, themePublicId: null });
        await updateDraftTemplate(tx, row.flowId, entry.template);
        await insertLiveSnapshot(tx, { flowId: row.flowId, version: await nextSnapshotVersion(tx, row.flowId), template: entry.template });
        await updateTemplateRow(tx, row.id, { ...shownFields(entry), position, contentHash: hash });
        changed += 1;
      } else if (row.position !== position) {
        await updateTemplateRow(tx, row.id, { position });
      }
    }
    for (const row of stored.values()) await deleteFlowRows(tx, row.flowId);
    return { added, changed, removed: stored.size };
  });
}

/** How the gallery shows a catalogue entry. */
function shownFields(entry: CatalogueTemplate) {
  return {
    name: entry.name,
    description: entry.description,
    categories: [...entry.categories],
    isFeatured: entry.isFeatured,
    isPrivate: false,
    type: entry.type,
  };
}

async function addCatalogueEntry(tx: Tx, entry: CatalogueTemplate, position: number, hash: string): Promise<void> {
  const flow = await insertFlow(tx, {
    publicIdentifier: newPublicIdentifier(),
    name: entry.name,
    type: entry.type,
    workspaceId: TEMPLATE_LIBRARY_ORGANIZATION_ID,
    organizationId: TEMPLATE_LIBRARY_ORGANIZATION_ID,
    settings: {},
    featuredThemeId: entry.featuredThemeId,
    themePublicId: null,
    template: entry.template,
    createdBy: null,
  });
  await insertLiveSnapshot(tx, { flowId: flow.id, version: 1, template: entry.template });
  await insertTemplate(tx, {
    id: uuidv7(),
    slug: entry.slug,
    organizationId: null,
    flowId: flow.id,
    ...shownFields(entry),
    position,
    contentHash: hash,
    createdBy: null,
  });
}

/**
 * The gallery (`GET /admin/cloneableTemplates/all`): without `slug`, the catalogue then the caller's organization's
 * own templates (live forms only); with it, the one template of that slug the caller may use, or none.
 */
export async function listCloneableTemplates(deps: FlowsDeps, organizationId: number, slug?: string): Promise<CloneableTemplate[]> {
  await catalogueReady(deps);
  const records = slug === undefined ? await listGalleryTemplates(deps.db, organizationId) : [await findUsableTemplateBySlug(deps.db, organizationId, slug)];
  const templates: CloneableTemplate[] = [];
  for (const record of records) {
    if (!record || record.liveSnapshotId === null) continue;
    const template = await deps.reads.snapshotTemplate(record.liveSnapshotId);
    if (template) templates.push(toCloneableTemplate(record, organizationId, pagesOf(record.liveSnapshotId, template)));
  }
  return templates;
}

/** A template's pages and questions, as read from one live snapshot (snapshots never change). */
interface TemplatePages {
  steps: { stepId: string; stepName: string }[];
  questionCount: number;
}

/** Pages of the snapshots read lately (bounded: the oldest read is dropped first). */
const pagesBySnapshot = new Map<number, TemplatePages>();
const PAGES_CACHE_SIZE = 1000;

function pagesOf(snapshotId: number, template: FlowTemplate): TemplatePages {
  const cached = pagesBySnapshot.get(snapshotId);
  if (cached) return cached;
  const pages: TemplatePages = {
    steps: templateThumbnailSteps(template),
    questionCount: formWidgets(template).filter(({ widget }) => takesAnswer(widget)).length,
  };
  if (pagesBySnapshot.size >= PAGES_CACHE_SIZE) pagesBySnapshot.delete(pagesBySnapshot.keys().next().value as number);
  pagesBySnapshot.set(snapshotId, pages);
  return pages;
}

/** A stored template as `CloneableTemplate` for `organizationId`'s caller. */
function toCloneableTemplate(record: TemplateRecord, organizationId: number, pages: TemplatePages): CloneableTemplate {
  const catalogue = record.organizationId === null;
  const pageImages: TemplatePageImage[] = pages.steps.map(({ stepId, stepName }) => {
    if (!catalogue) return { stepId, stepName, imageUrl: null, thumbnails: null };
    const thumbnails = {
      small: templateThumbnailUrl(record.slug, stepId, 'small'),
      medium: templateThumbnailUrl(record.slug, stepId, 'medium'),
      large: templateThumbnailUrl(record.slug, stepId, 'large'),
    };
    return { stepId, stepName, imageUrl: thumbnails.large, thumbnails };
  });
  return {
    id: record.id,
    slug: record.slug,
    name: record.name,
    description: record.description,
    categories: record.categories as CloneableTemplate['categories'],
    isFeatured: record.isFeatured,
    isPrivate: record.isPrivate,
    type: record.type,
    flowId: record.flowId,
    flowPublicIdentifier: record.flowPublicIdentifier,
    pageImages,
    source: catalogue ? 'catalogue' : 'organization',
    // Another organization's theme is not the caller's to choose: its forms start with the default look.
    theme: record.featuredThemeId ?? (record.organizationId === organizationId ? record.themePublicId : null),
    questionCount: pages.questionCount,
    viewCount: record.viewCount,
    cloneCount: record.cloneCount,
    createdAt: record.createdAt.toISOString(),
  };
}

/**
 * Adds one to template `templateId`'s view or clone count (`POST /public/flows/templates/viewcount|clonecount/…`).
 * @throws 404 `copy.templates.publish.notFound` for an unknown template.
 */
export async function countTemplate(deps: FlowsDeps, templateId: string, which: 'view' | 'clone'): Promise<void> {
  if (!(await incrementTemplateCount(deps.db, templateId, which))) throw notFound(copy.templates.publish.notFound);
}

/**
 * An admin makes flow `body.flowPublicIdentifier` of their organization a template (`POST /admin/cloneableTemplates`).
 * Its slug is the name's (lower case, words joined by '-') with a random suffix: unique, and not guessable for a
 * private one.
 * @throws 403 `copy.templates.publish.notAdmin` for a caller who is not an admin; 404 `copy.flows.flowNotFound` for
 *   a flow not in the caller's workspaces; 400 `copy.templates.publish.notPublished` for a form that is not live;
 *   409 `copy.templates.publish.alreadyTemplate` when the form has a template; 400 when the organization has
 *   `TEMPLATES_PER_ORGANIZATION_MAX`.
 */
export async function createCloneableTemplate(
  deps: FlowsDeps,
  caller: TemplateCaller,
  body: CreateCloneableTemplateBody,
  authorize: Authorize,
): Promise<CloneableTemplate> {
  if (!caller.isAdmin) throw forbidden(copy.templates.publish.notAdmin);
  const { record } = await authorizedFlow(deps.db, body.flowPublicIdentifier, authorize, 'view');
  if (record.organizationId !== caller.organizationId) throw notFound(copy.flows.flowNotFound);
  if (record.liveSnapshotId === null || record.closedAt !== null || record.trashedAt !== null) throw invalid(copy.templates.publish.notPublished);
  const id = uuidv7();
  await deps.transact(async (tx) => {
    await lockOrganizationTemplates(tx, caller.organizationId);
    if (await findTemplateIdOfFlow(tx, record.id)) throw conflict(copy.templates.publish.alreadyTemplate);
    if ((await countOrganizationTemplates(tx, caller.organizationId)) >= TEMPLATES_PER_ORGANIZATION_MAX) {
      throw invalid(copy.templates.publish.tooMany(TEMPLATES_PER_ORGANIZATION_MAX));
    }
    await insertTemplate(tx, {
      id,
      slug: templateSlug(body.name),
      organizationId: caller.organizationId,
      flowId: record.id,
      name: body.name,
      description: body.description,
      categories: body.categories,
      isFeatured: false,
      isPrivate: body.isPrivate,
      type: record.type === 'quiz' ? 'quiz' : 'form',
      position: 0,
      contentHash: null,
      createdBy: caller.userId,
    });
  });
  return organizationTemplate(deps, caller.organizationId, id);
}

/**
 * An admin changes template `templateId` of their organization (`PATCH /admin/cloneableTemplates/:templateId`).
 * @throws 403 `copy.templates.publish.notAdmin`; 404 `copy.templates.publish.notFound` for another organization's or
 *   an unknown template.
 */
export async function updateCloneableTemplate(
  deps: FlowsDeps,
  caller: TemplateCaller,
  templateId: string,
  patch: UpdateCloneableTemplateBody,
): Promise<CloneableTemplate> {
  if (!caller.isAdmin) throw forbidden(copy.templates.publish.notAdmin);
  if (!(await findOrganizationTemplate(deps.db, caller.organizationId, templateId))) throw notFound(copy.templates.publish.notFound);
  await updateTemplateRow(deps.db, templateId, patch);
  return organizationTemplate(deps, caller.organizationId, templateId);
}

/**
 * An admin removes template `templateId` of their organization (`DELETE /admin/cloneableTemplates/:templateId`); the
 * form stays, and so do forms made from it.
 * @throws 403 `copy.templates.publish.notAdmin`; 404 `copy.templates.publish.notFound`.
 */
export async function deleteCloneableTemplate(deps: FlowsDeps, caller: TemplateCaller, templateId: string): Promise<void> {
  if (!caller.isAdmin) throw forbidden(copy.templates.publish.notAdmin);
  if (!(await deleteOrganizationTemplate(deps.db, caller.organizationId, templateId))) throw notFound(copy.templates.publish.notFound);
}

/** Template `templateId` of `organizationId` as the gallery shows it (its live form's pages, or none while not live). */
async function organizationTemplate(deps: FlowsDeps, organizationId: number, templateId: string): Promise<CloneableTemplate> {
  const record = await findOrganizationTemplate(deps.db, organizationId, templateId);
  if (!record) throw notFound(copy.templates.publish.notFound);
  const template = record.liveSnapshotId === null ? undefined : await deps.reads.snapshotTemplate(record.liveSnapshotId);
  const pages = template && record.liveSnapshotId !== null ? pagesOf(record.liveSnapshotId, template) : { steps: [], questionCount: 0 };
  return toCloneableTemplate(record, organizationId, pages);
}

/** The random part of an organization template's slug: 8 characters of [a-z0-9]. */
function slugSuffix(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(8)), (byte) => '0123456789abcdefghijklmnopqrstuvwxyz'[byte % 36]).join('');
}

/** A new slug for a template named `name`: its words in lower case joined by '-' (at most 60 characters), '-', a random suffix. */
export function templateSlug(name: string): string {
  const words = name
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/g, '');
  return `${words || 'template'}-${slugSuffix()}`;
}

/**
 * Refuses a submission to a form of the template library (the catalogue's forms are to start from, not to fill in).
 * @throws 403 `copy.templates.notFillable`.
 */
export function assertFillable(flow: { organizationId: number }): void {
  if (flow.organizationId === TEMPLATE_LIBRARY_ORGANIZATION_ID) throw forbidden(copy.templates.notFillable);
}
