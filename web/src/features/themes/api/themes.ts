/**
 * The theme calls (`@formloom/contracts/api/flows/themes`, spec 000 §7): the organization's themes, creating one
 * ('Make your own', the AI theme designer), changing one, generating a design from an image, uploading a logo or
 * background image, and choosing a form's theme.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  createTheme,
  generateTheme,
  listThemes,
  setFlowTheme,
  updateTheme,
  uploadThemeImage,
  type CreateThemeBody,
  type UpdateThemeBody,
} from '@formloom/contracts/api/flows/themes';
import type { Theme, ThemeDefinition } from '@formloom/contracts/entities/theme';
import * as copy from '@formloom/contracts/copy';
import { THEME_IMAGE_MAX_BYTES } from '@formloom/contracts/limits';
import { featuredThemeName, isFeaturedThemeId } from '@formloom/contracts/rules/themes';
import { callEndpoint, uploadToEndpoint } from '../../../lib/api-client';
import { flowKeys, themeKeys } from '../../../lib/query-keys';

/** The organization's own themes, the last changed first (`GET /admin/themes`). */
export function useThemes() {
  return useQuery({
    queryKey: themeKeys.list(),
    queryFn: async ({ signal }) => (await callEndpoint(listThemes, { signal })).themes,
  });
}

/** Creates a theme (`POST /admin/themes/create`) and refreshes the list; resolves the stored {@link Theme}. */
export function useCreateTheme() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: Omit<CreateThemeBody, 'makeNameUnique'> & { makeNameUnique?: boolean }): Promise<Theme> =>
      (await callEndpoint(createTheme, { body: { makeNameUnique: false, ...body } })).theme,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: themeKeys.all }),
  });
}

/** Changes a theme's name or design (`PATCH /admin/themes/:themePublicId`); forms using it change too. */
export function useUpdateTheme() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ themePublicId, ...body }: UpdateThemeBody & { themePublicId: string }): Promise<Theme> =>
      (await callEndpoint(updateTheme, { params: { themePublicId }, body })).theme,
    onSuccess: () => Promise.all([queryClient.invalidateQueries({ queryKey: themeKeys.all }), queryClient.invalidateQueries({ queryKey: flowKeys.all })]),
  });
}

/** Reads a design from an image (`POST /admin/themes/generate`, `imageUrl` a `data:` URL). Nothing is stored. */
export async function generateThemeFromImage(imageUrl: string, signal?: AbortSignal): Promise<ThemeDefinition> {
  return (await callEndpoint(generateTheme, { body: { imageUrl }, signal })).theme;
}

/**
 * Uploads a logo or background picture (`POST /admin/themes/images`); resolves its address for the theme.
 * @throws Error `copy.themes.imageTypes` / `copy.uploads.fileTooLarge` before sending; ApiError from the server.
 */
export async function uploadThemePicture(file: File): Promise<string> {
  if (!/^image\/(png|jpeg|gif|webp)$/.test(file.type)) throw new Error(copy.themes.imageTypes);
  if (file.size > THEME_IMAGE_MAX_BYTES) throw new Error(copy.uploads.fileTooLarge(`${THEME_IMAGE_MAX_BYTES / 1024 / 1024} MB`));
  return (await uploadToEndpoint(uploadThemeImage, { file })).url;
}

/** Chooses the theme form `publicIdentifier` is drawn with (`PUT /admin/flows/:publicIdentifier/theme`). */
export function useSetFlowTheme(publicIdentifier: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (theme: string | null) => callEndpoint(setFlowTheme, { params: { publicIdentifier }, body: { theme } }),
    onSuccess: ({ flow }) => {
      // The editor's flow query holds `{flow, flowSnapshot}`: the new theme shows at once, the rest refreshes.
      queryClient.setQueryData(flowKeys.detail(publicIdentifier), (old: unknown) => (old && typeof old === 'object' ? { ...old, flow } : old));
      return queryClient.invalidateQueries({ queryKey: flowKeys.all });
    },
  });
}

/**
 * The name of a theme by its id — a featured theme's (`copy.themes.featuredNames`) or one of the organization's
 * (once the list has loaded); `undefined` for an id it does not know.
 */
export function useThemeName(): (id: string) => string | undefined {
  const themes = useThemes();
  return (id) => (isFeaturedThemeId(id) ? featuredThemeName(id) : themes.data?.find((theme) => theme.publicIdentifier === id)?.name);
}
