/**
 * A form's theme in the editor (spec 000 §3 `featuredThemeId` / `themePublicId`; src/features/themes/components/
 * flow-theme-button.tsx): 'Theme: {name}' beside Preview opens the gallery; 'Apply' saves the choice for the live
 * form at once; an organization theme edited there changes every form drawn with it; a read-only member cannot
 * change it.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { createFlow, fetchFlow, publishFlow } from '@formloom/contracts/api/flows/flows';
import { createTheme } from '@formloom/contracts/api/flows/themes';
import { getPublicTemplate } from '@formloom/contracts/api/flows/public-forms';
import { getMe } from '@formloom/contracts/api/workspaces-auth/auth';
import * as copy from '@formloom/contracts/copy';
import { exampleFormTemplate } from '@formloom/contracts/example-forms';
import { FEATURED_THEMES } from '@formloom/contracts/rules/themes';
import { paths } from '../../../src/config/paths';
import { callEndpoint } from '../../../src/lib/api-client';
import { renderApp, signUpUser } from '../../render-app';

it("applies a featured theme from the editor, which the live form shows at once, and edits the organization's own", async () => {
  await signUpUser({ firstName: 'Ada' });
  const me = await callEndpoint(getMe, {});
  const { flow } = await callEndpoint(createFlow, {
    body: { name: 'Event RSVP', type: 'form', workspaceId: me.workspaces[0]!.id, flowTemplate: exampleFormTemplate(), theme: 'plain' },
  });
  await callEndpoint(publishFlow, { params: { publicIdentifier: flow.publicIdentifier } });
  const { theme: harbour } = await callEndpoint(createTheme, { body: { name: 'Harbour', theme: FEATURED_THEMES.calm, makeNameUnique: false } });
  const { user } = renderApp(paths.editor.getHref(flow.publicIdentifier, 'edit'));

  const button = await screen.findByTestId('flow-theme-button');
  expect(button).toHaveTextContent(`${copy.themes.design.title}: ${copy.themes.featuredNames.plain}`);
  await user.click(button);
  const dialog = await screen.findByTestId('flow-theme-dialog');
  expect(within(dialog).getByTestId('theme-option-plain')).toHaveAttribute('aria-pressed', 'true');
  await user.click(within(dialog).getByTestId('theme-option-futuristic'));
  await user.click(within(dialog).getByRole('button', { name: copy.themes.design.apply }));
  expect(await screen.findByText(copy.themes.design.saved)).toBeInTheDocument();
  await waitFor(() => expect(screen.getByTestId('flow-theme-button')).toHaveTextContent(copy.themes.featuredNames.futuristic));
  await waitFor(() => expect(screen.queryByTestId('theme-confirm')).not.toBeInTheDocument());

  // Saved for the live form, without a publish.
  expect((await callEndpoint(fetchFlow, { params: { publicIdentifier: flow.publicIdentifier } })).flow).toMatchObject({ featuredThemeId: 'futuristic', themePublicId: null });
  const live = await callEndpoint(getPublicTemplate, { params: { publicIdentifier: flow.publicIdentifier }, query: { mode: 'live' } });
  expect(live.theme.theme).toMatchObject({ featuredThemeId: 'futuristic', name: copy.themes.featuredNames.futuristic, theme: FEATURED_THEMES.futuristic });

  // The organization's own theme: chosen, then edited (renamed) from the gallery.
  await user.click(screen.getByTestId('flow-theme-button'));
  const again = await screen.findByTestId('flow-theme-dialog');
  await user.click(await within(again).findByTestId(`theme-option-${harbour.publicIdentifier}`));
  await user.click(within(again).getByRole('button', { name: copy.themes.design.apply }));
  await waitFor(() => expect(screen.getByTestId('flow-theme-button')).toHaveTextContent('Harbour'));
  // The dialog has closed (its content is gone) before it is opened again.
  await waitFor(() => expect(screen.queryByTestId('theme-confirm')).not.toBeInTheDocument());
  await user.click(screen.getByTestId('flow-theme-button'));
  await user.click(await screen.findByTestId(`theme-edit-${harbour.publicIdentifier}`));
  const editor = await screen.findByTestId('theme-editor');
  const name = within(editor).getByLabelText(copy.themes.editor.name);
  await user.clear(name);
  await user.type(name, 'Harbour at dusk');
  await user.click(within(editor).getByRole('button', { name: copy.themes.editor.save }));
  await waitFor(() => expect(screen.queryByTestId('theme-save')).not.toBeInTheDocument());
  await waitFor(() => expect(screen.getByTestId('flow-theme-button')).toHaveTextContent('Harbour at dusk'));
  const edited = await callEndpoint(getPublicTemplate, { params: { publicIdentifier: flow.publicIdentifier }, query: { mode: 'live' } });
  expect(edited.theme.theme).toMatchObject({ themePublicId: harbour.publicIdentifier, name: 'Harbour at dusk' });
});
