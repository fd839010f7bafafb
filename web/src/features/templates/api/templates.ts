/**
 * The template calls (`@formloom/contracts/api/flows/cloneable-templates`, spec 000 §7): the gallery, one template by
 * slug, the view and clone counts, making a form from a template (spec 000 §5 "Template creation"), and an admin
 * making a form a template.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  countTemplateClone,
  countTemplateView,
  createCloneableTemplate,
  deleteCloneableTemplate,
  listCloneableTemplates,
  type CreateCloneableTemplateBody,
} from '@formloom/contracts/api/flows/cloneable-templates';
import { createFlow } from '@formloom/contracts/api/flows/flows';
import { getPublicTemplate } from '@formloom/contracts/api/flows/public-forms';
import type { CloneableTemplate } from '@formloom/contracts/entities/cloneable-template';
import type { Flow } from '@formloom/contracts/entities/flow';
import type { FlowTemplate } from '@formloom/contracts/entities/flow-template';
import type { ThemeLook } from '@formloom/contracts/entities/theme';
import * as copy from '@formloom/contracts/copy';
import { callEndpoint } from '../../../lib/api-client';
import { flowKeys, templateKeys } from '../../../lib/query-keys';

/** The gallery: the catalogue's templates, then the organization's own (`GET /admin/cloneableTemplates/all`). */
export function useCloneableTemplates() {
  return useQuery({
    queryKey: templateKeys.list(),
    queryFn: async ({ signal }) => (await callEndpoint(listCloneableTemplates, { signal })).cloneableTemplates,
    staleTime: 5 * 60_000,
  });
}

/** The template of `slug` the caller may use, or null (`GET /admin/cloneableTemplates/all?slug=`); idle without a slug. */
export function useTemplateBySlug(slug: string | null) {
  return useQuery({
    queryKey: templateKeys.bySlug(slug ?? ''),
    queryFn: async ({ signal }) => (await callEndpoint(listCloneableTemplates, { query: { slug: slug! }, signal })).cloneableTemplates[0] ?? null,
    enabled: slug !== null,
    staleTime: 5 * 60_000,
  });
}

/** A template's live form: its template and the look of its theme (null: the default look). */
export interface LiveForm {
  template: FlowTemplate;
  look: ThemeLook | null;
}

/**
 * The live form of `template` (`GET /public/flows/templates/{flowPublicIdentifier}?mode=live`), read only for a
 * template with pages without pictures (an organization's own), whose pages the gallery draws itself.
 */
export function useLiveForm(template: CloneableTemplate) {
  return useQuery({
    queryKey: templateKeys.live(template.flowPublicIdentifier),
    enabled: template.pageImages.some((page) => page.thumbnails === null),
    queryFn: async ({ signal }): Promise<LiveForm> => {
      const live = await callEndpoint(getPublicTemplate, { params: { publicIdentifier: template.flowPublicIdentifier }, query: { mode: 'live' }, signal });
      return { template: live.flowSnapshot.template, look: live.theme.theme?.look ?? null };
    },
  });
}

/** Counts a preview of template `id` (`POST /public/flows/templates/viewcount/:id`); a failure is only a lost count. */
export function countView(id: string): void {
  void callEndpoint(countTemplateView, { params: { templateId: id } }).catch(() => undefined);
}

/** What {@link useMakeFormFromTemplate} needs: the template and the workspace of the new form. */
export interface MakeFormFromTemplateInput {
  template: CloneableTemplate;
  workspaceId: number;
}

/**
 * Makes a form from a template (spec 000 §5 "Template creation"): reads the template's live form
 * (`GET /public/flows/templates/{flowPublicIdentifier}?mode=live`), creates the form with it, its theme and settings (`POST /admin/flows`, the name made unique in the workspace),
 * then counts the clone. Resolves the new flow.
 * @throws Error `copy.templates.notAvailable` when the template's form cannot be read; the creation's error otherwise.
 */
export function useMakeFormFromTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ template, workspaceId }: MakeFormFromTemplateInput): Promise<Flow> => {
      let live;
      try {
        live = await callEndpoint(getPublicTemplate, { params: { publicIdentifier: template.flowPublicIdentifier }, query: { mode: 'live' } });
      } catch {
        throw new Error(copy.templates.notAvailable);
      }
      if (!live?.flowSnapshot?.template) throw new Error(copy.templates.notAvailable);
      const created = await callEndpoint(createFlow, {
        body: {
          name: template.name,
          type: template.type,
          workspaceId,
          dedupeFormName: true,
          flowTemplate: live.flowSnapshot.template,
          flowSettings: live.flow.settings,
          ...(template.theme ? { theme: template.theme } : {}),
        },
      });
      const flow = created?.flow;
      if (!flow?.publicIdentifier) throw new Error(copy.flows.hadTroubleCreatingForm);
      void callEndpoint(countTemplateClone, { params: { templateId: template.id } }).catch(() => undefined);
      return flow;
    },
    onSuccess: () => Promise.all([queryClient.invalidateQueries({ queryKey: flowKeys.lists() }), queryClient.invalidateQueries({ queryKey: templateKeys.all })]),
  });
}

/** An admin makes a published form a template (`POST /admin/cloneableTemplates`); refreshes the gallery. */
export function useCreateCloneableTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: CreateCloneableTemplateBody): Promise<CloneableTemplate> =>
      (await callEndpoint(createCloneableTemplate, { body })).cloneableTemplate,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: templateKeys.all }),
  });
}

/** An admin removes a template of the organization (`DELETE /admin/cloneableTemplates/:templateId`); refreshes the gallery. */
export function useDeleteCloneableTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (templateId: string) => callEndpoint(deleteCloneableTemplate, { params: { templateId } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: templateKeys.all }),
  });
}
