/**
 * The settings of the MultiSelect, ImageChoice, Address and Statement questions on the editor's question card
 * (src/widgets/), against the real API: what a form builder sets there is what the editor saves, and an image
 * address that saving would refuse is pointed out on its field as it is typed.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { getMe } from '@formloom/contracts/api/workspaces-auth/auth';
import { createFlow, fetchFlow } from '@formloom/contracts/api/flows/flows';
import * as copy from '@formloom/contracts/copy';
import type { FlowTemplate, Widget } from '@formloom/contracts/entities/flow-template';
import { paths } from '../../../src/config/paths';
import { callEndpoint } from '../../../src/lib/api-client';
import { renderApp, signUpUser } from '../../render-app';

const QUESTIONS: Widget[] = [
  { id: 'tags', name: 'Tags', type: 'MultiSelect', template: { label: 'Tags', required: false, options: [{ id: 'a', label: 'A' }, { id: 'b', label: 'B' }] } },
  { id: 'pics', name: 'Pictures', type: 'ImageChoice', template: { label: 'Pictures', required: false, options: [{ id: 'p1', label: 'Sea' }] } },
  { id: 'home', name: 'Home', type: 'Address', template: { label: 'Home', required: false } },
  { id: 'note', name: 'Note', type: 'Statement', template: { label: 'Note', required: false, body: '' } },
];

function form(): FlowTemplate {
  return {
    firstStep: 'p',
    steps: {
      p: { id: 'p', name: 'Page 1', type: 'form', template: { widgets: QUESTIONS }, nextStep: { defaultNextStep: 'end' } },
      end: { id: 'end', name: 'Thank you', type: 'ending', template: { title: 'Thanks!', body: '' }, nextStep: null },
    },
  };
}

/** The saved draft's question `id`. */
async function savedQuestion(publicIdentifier: string, id: string): Promise<Widget | undefined> {
  const page = (await callEndpoint(fetchFlow, { params: { publicIdentifier } })).flowSnapshot.template.steps.p;
  return page?.type === 'form' ? page.template.widgets.find((widget) => widget.id === id) : undefined;
}

const card = (id: string) => screen.getAllByTestId('question-card').find((element) => element.dataset.widgetId === id) as HTMLElement;

it('saves what is set on each card: choice bounds, picture cards, address parts and statement text', async () => {
  await signUpUser();
  const workspaceId = (await callEndpoint(getMe, {})).workspaces[0]!.id;
  const { flow } = await callEndpoint(createFlow, { body: { name: 'Settings', type: 'form', workspaceId, flowTemplate: form() } });
  const app = renderApp(paths.editor.getHref(flow.publicIdentifier, 'edit'));
  const { user } = app;
  await screen.findAllByTestId('question-card');

  await user.type(within(card('tags')).getByRole('textbox', { name: 'Maximum choices' }), '2');

  const pictures = card('pics');
  const address = within(pictures).getByRole('textbox', { name: 'Image address 1' });
  await user.type(address, 'http://images.example.com/sea.jpg');
  expect(address).toHaveAccessibleDescription(copy.flows.imageUrlNotHttps);
  await user.clear(address);
  await user.type(address, 'https://images.example.com/sea.jpg');
  expect(address).not.toHaveAccessibleDescription(copy.flows.imageUrlNotHttps);
  await user.type(within(pictures).getByRole('textbox', { name: 'Alt text 1' }), 'Waves on a beach');
  await user.click(within(pictures).getByRole('switch', { name: 'Allow several choices' }));

  const home = card('home');
  await user.click(within(home).getByRole('switch', { name: 'Require a postal code' }));
  await user.click(within(home).getByRole('combobox', { name: 'Default country' }));
  await user.type(within(home).getByRole('combobox', { name: 'Default country' }), 'Germ');
  await user.click(await screen.findByRole('option', { name: 'Germany' }));

  await user.type(within(card('note')).getByRole('textbox', { name: /Text/ }), 'Read this first.');

  await waitFor(
    async () => {
      expect(await savedQuestion(flow.publicIdentifier, 'note')).toMatchObject({ template: { body: 'Read this first.' } });
    },
    { timeout: 10_000 },
  );
  expect((await savedQuestion(flow.publicIdentifier, 'tags'))?.template).toMatchObject({ maxSelections: 2 });
  expect((await savedQuestion(flow.publicIdentifier, 'pics'))?.template).toEqual({
    label: 'Pictures',
    required: false,
    multiple: true,
    options: [{ id: 'p1', label: 'Sea', imageUrl: 'https://images.example.com/sea.jpg', alt: 'Waves on a beach' }],
  });
  expect((await savedQuestion(flow.publicIdentifier, 'home'))?.template).toEqual({ label: 'Home', required: false, requirePostalCode: true, defaultCountry: 'DE' });
});
