/**
 * Cloneable templates (spec 000 §2 "template" stage, §3 "Cloneable template", §7 `GET /admin/cloneableTemplates/all`
 * and `POST /public/flows/templates/viewcount|clonecount/{templateId}`): the template gallery, its counts, and an
 * admin making one of the organization's published forms a template (ours: create, change, remove). The flows service
 * owns templates. A new form is made from a template by the documented calls: the template's live form
 * (`GET /public/flows/templates/{flowPublicIdentifier}`), then `POST /admin/flows` with it, then `clonecount`.
 */
import { z } from 'zod';
import * as copy from '../../copy';
import { CloneableTemplate, TemplateCategories, TemplateDescription, TemplateName } from '../../entities/cloneable-template';
import { TEMPLATE_COUNTS_PER_ADDRESS_MAX, TEMPLATE_SLUG_MAX_LENGTH, TEMPLATES_PER_ORGANIZATION_MAX } from '../../limits';
import { defineEndpoint, errorResponse, okResponse } from '../endpoint';
import { PUBLIC_IDENTIFIER_MAX_LENGTH } from './flows';

/** `GET /admin/cloneableTemplates/all` query (spec 000 §7 "optional ?slug={slug}"): one template by its slug. */
export const ListCloneableTemplatesQuery = z.object({ slug: z.string().trim().min(1).max(TEMPLATE_SLUG_MAX_LENGTH).optional() });
/** `{slug?}`. */
export type ListCloneableTemplatesQuery = z.infer<typeof ListCloneableTemplatesQuery>;

/**
 * `GET /admin/cloneableTemplates/all` response (spec 000 §7 "cloneableTemplates"): without `slug`, the built-in
 * catalogue then the caller's organization's own templates; with it, the one template of that slug the caller may
 * use (empty when none).
 */
export const ListCloneableTemplatesResponse = z.object({ cloneableTemplates: z.array(CloneableTemplate) });
/** `{cloneableTemplates}`. */
export type ListCloneableTemplatesResponse = z.infer<typeof ListCloneableTemplatesResponse>;

/** `/…/:templateId` path parameters. */
export const TemplateParams = z.object({ templateId: z.uuid() });
/** `{templateId}`. */
export type TemplateParams = z.infer<typeof TemplateParams>;

/** `POST /public/flows/templates/viewcount|clonecount/:templateId` response (spec 000 §7: not shown; ours). */
export const TemplateCountResponse = z.object({ counted: z.boolean() });
/** `{counted}`: false when the caller's address has counted too often lately (the count is then unchanged). */
export type TemplateCountResponse = z.infer<typeof TemplateCountResponse>;

/**
 * `POST /admin/cloneableTemplates` body (ours): the published form to make a template of (the caller's
 * organization's) and how the gallery shows it; `isPrivate` false lets anyone with the template's link use it.
 */
export const CreateCloneableTemplateBody = z.object({
  flowPublicIdentifier: z.string().min(1).max(PUBLIC_IDENTIFIER_MAX_LENGTH),
  name: TemplateName,
  description: TemplateDescription.default(''),
  categories: TemplateCategories,
  isPrivate: z.boolean().default(true),
});
/** `{flowPublicIdentifier, name, description, categories, isPrivate}`. */
export type CreateCloneableTemplateBody = z.infer<typeof CreateCloneableTemplateBody>;

/** `PATCH /admin/cloneableTemplates/:templateId` body (ours): any of the template's name, description, categories, visibility. */
export const UpdateCloneableTemplateBody = z
  .object({
    name: TemplateName.optional(),
    description: TemplateDescription.optional(),
    categories: TemplateCategories.optional(),
    isPrivate: z.boolean().optional(),
  })
  .refine((body) => Object.values(body).some((value) => value !== undefined), { message: 'Send something to change' });
/** `{name?, description?, categories?, isPrivate?}`. */
export type UpdateCloneableTemplateBody = z.infer<typeof UpdateCloneableTemplateBody>;

/** `{cloneableTemplate}`. */
export const CloneableTemplateResponse = z.object({ cloneableTemplate: CloneableTemplate });
/** `{cloneableTemplate}`. */
export type CloneableTemplateResponse = z.infer<typeof CloneableTemplateResponse>;

const templateNotFound = errorResponse(`'${copy.templates.publish.notFound}': no such template of the caller's organization.`);
const notAdmin = errorResponse(`'${copy.templates.publish.notAdmin}'.`);

/** `GET /admin/cloneableTemplates/all` (spec 000 §7): the template gallery, or one template by slug. */
export const listCloneableTemplates = defineEndpoint({
  id: 'flows.listCloneableTemplates',
  service: 'flows',
  method: 'GET',
  path: '/admin/cloneableTemplates/all',
  access: 'session',
  summary: 'List the templates a new form can start from',
  description:
    'The built-in catalogue (46 forms in 14 categories, with page thumbnails) and the caller’s organization’s own templates. `?slug=` answers the one template of that slug the caller may use: a catalogue one, one of the organization’s, or another organization’s public one; none is an empty list.',
  tags: ['templates'],
  query: ListCloneableTemplatesQuery,
  responses: { 200: okResponse(ListCloneableTemplatesResponse) },
});

/** `POST /public/flows/templates/viewcount/:templateId` (spec 000 §7): a template's preview was opened. */
export const countTemplateView = defineEndpoint({
  id: 'publicForms.countTemplateView',
  service: 'flows',
  method: 'POST',
  path: '/public/flows/templates/viewcount/:templateId',
  access: 'public',
  summary: 'Count a template preview',
  description: `Adds one to the template's view count; at most ${TEMPLATE_COUNTS_PER_ADDRESS_MAX} counts per client address and template in ten minutes (beyond, \`counted: false\`).`,
  tags: ['templates'],
  params: TemplateParams,
  responses: { 200: okResponse(TemplateCountResponse), 404: errorResponse(`'${copy.templates.publish.notFound}'.`) },
});

/** `POST /public/flows/templates/clonecount/:templateId` (spec 000 §7): a form was made from a template. */
export const countTemplateClone = defineEndpoint({
  id: 'publicForms.countTemplateClone',
  service: 'flows',
  method: 'POST',
  path: '/public/flows/templates/clonecount/:templateId',
  access: 'public',
  summary: 'Count a form made from a template',
  description: `Adds one to the template's clone count; at most ${TEMPLATE_COUNTS_PER_ADDRESS_MAX} counts per client address and template in ten minutes (beyond, \`counted: false\`).`,
  tags: ['templates'],
  params: TemplateParams,
  responses: { 200: okResponse(TemplateCountResponse), 404: errorResponse(`'${copy.templates.publish.notFound}'.`) },
});

/** `POST /admin/cloneableTemplates` (ours): an admin makes one of the organization's published forms a template. */
export const createCloneableTemplate = defineEndpoint({
  id: 'flows.createCloneableTemplate',
  service: 'flows',
  method: 'POST',
  path: '/admin/cloneableTemplates',
  access: 'session',
  summary: 'Make a form a template',
  description: `Admins only. The form must be published: the template always shows its live version (a form unpublished or deleted takes its template with it). One template per form; at most ${TEMPLATES_PER_ORGANIZATION_MAX} per organization.`,
  tags: ['templates'],
  body: CreateCloneableTemplateBody,
  responses: {
    201: okResponse(CloneableTemplateResponse, 'The template, with its slug (its link: `?slug=`).'),
    400: errorResponse(`'${copy.templates.publish.notPublished}', a category that is not one, or too many templates.`),
    403: notAdmin,
    404: errorResponse(`'${copy.flows.flowNotFound}'.`),
    409: errorResponse(`'${copy.templates.publish.alreadyTemplate}'.`),
  },
});

/** `PATCH /admin/cloneableTemplates/:templateId` (ours): an admin changes how a template of theirs is shown. */
export const updateCloneableTemplate = defineEndpoint({
  id: 'flows.updateCloneableTemplate',
  service: 'flows',
  method: 'PATCH',
  path: '/admin/cloneableTemplates/:templateId',
  access: 'session',
  summary: 'Change a template',
  tags: ['templates'],
  params: TemplateParams,
  body: UpdateCloneableTemplateBody,
  responses: { 200: okResponse(CloneableTemplateResponse), 403: notAdmin, 404: templateNotFound },
});

/** `DELETE /admin/cloneableTemplates/:templateId` (ours): an admin removes a template (the form stays). */
export const deleteCloneableTemplate = defineEndpoint({
  id: 'flows.deleteCloneableTemplate',
  service: 'flows',
  method: 'DELETE',
  path: '/admin/cloneableTemplates/:templateId',
  access: 'session',
  summary: 'Remove a template',
  tags: ['templates'],
  params: TemplateParams,
  responses: { 200: okResponse(z.object({ deleted: z.literal(true) }), 'Removed; forms made from it stay.'), 403: notAdmin, 404: templateNotFound },
});
