/**
 * The small-screen editor notice (spec 000 §9; src/features/auth/components/small-screen-notice.tsx): the editor
 * tells a phone user it works best on a larger screen and mails them a link for their computer — once: asking again
 * on a later visit says where the first link went. Dismissing it keeps it away for the browser session.
 */
import { screen, within } from '@testing-library/react';
import { createFlow } from '@formloom/contracts/api/flows/flows';
import { getMe } from '@formloom/contracts/api/workspaces-auth/auth';
import * as copy from '@formloom/contracts/copy';
import { blankFlowTemplate } from '@formloom/contracts/rules/flow-template';
import { paths } from '../../../src/config/paths';
import { callEndpoint } from '../../../src/lib/api-client';
import { SMALL_SCREEN_NOTICE_KEY } from '../../../src/features/auth/components/small-screen-notice';
import { renderApp, signUpUser } from '../../render-app';

/** A signed-up user's blank form; its editor's URL. */
async function editorOfNewForm(): Promise<string> {
  await signUpUser({ firstName: 'Ada' });
  const me = await callEndpoint(getMe, {});
  const { flow } = await callEndpoint(createFlow, {
    body: { name: 'Event RSVP', type: 'form', workspaceId: me.workspaces[0]!.id, flowTemplate: blankFlowTemplate() },
  });
  return paths.editor.getHref(flow.publicIdentifier, 'edit');
}

beforeEach(() => {
  window.sessionStorage.clear();
});

it('mails a link for the computer once; a second ask on a later visit says where it went', async () => {
  const editor = await editorOfNewForm();
  const me = await callEndpoint(getMe, {});
  const first = renderApp(editor);
  const notice = await screen.findByTestId('small-screen-notice');
  expect(within(notice).getByText(copy.editor.smallScreen.title)).toBeInTheDocument();
  expect(within(notice).getByText(copy.editor.smallScreen.body)).toBeInTheDocument();
  await first.user.click(within(notice).getByRole('button', { name: copy.editor.smallScreen.send }));
  expect(await within(notice).findByText(copy.editor.smallScreen.sent(me.user.email), { exact: false })).toBeInTheDocument();
  expect(within(notice).queryByRole('button', { name: copy.editor.smallScreen.send })).not.toBeInTheDocument();
  first.unmount();

  const later = renderApp(editor);
  const again = await screen.findByTestId('small-screen-notice');
  await later.user.click(within(again).getByRole('button', { name: copy.editor.smallScreen.send }));
  expect(await within(again).findByText(copy.editor.smallScreen.alreadySent(me.user.email), { exact: false })).toBeInTheDocument();
});

it('stays away for the session once dismissed', async () => {
  const editor = await editorOfNewForm();
  const first = renderApp(editor);
  const notice = await screen.findByTestId('small-screen-notice');
  await first.user.click(within(notice).getByRole('button', { name: copy.editor.smallScreen.dismiss }));
  expect(screen.queryByTestId('small-screen-notice')).not.toBeInTheDocument();
  expect(window.sessionStorage.getItem(SMALL_SCREEN_NOTICE_KEY)).toBe('1');
  first.unmount();

  renderApp(editor);
  expect(await screen.findByTestId('flow-title')).toBeInTheDocument();
  expect(screen.queryByTestId('small-screen-notice')).not.toBeInTheDocument();
});
