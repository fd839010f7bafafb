/**
 * The settings of the MultiSelect, ImageChoice, Address and Statement questions on the editor's question card
 * (src/widgets/), against the real API: what a form builder sets there is what the editor saves, an image
 * address that saving would refuse is pointed out on its field as it is typed, and a picture is uploaded from a file
 * (picked or dropped) for the form to show.
 */
import { File as NodeFile } from 'node:buffer';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
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

/** A file as a browser gives one (Node's File: what the tests' fetch sends as a multipart part). */
function file(name: string, content: Uint8Array | string, type: string): File {
  return new NodeFile([content], name, { type }) as unknown as File;
}

/** A PNG's first bytes (what the flows service checks a `.png` against). */
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 73, 72, 68, 82]);
const FORM_IMAGE = /^\/public\/flows\/[A-Za-z0-9]+\/images\/[0-9a-f-]{36}$/;

it('uploads a picture for a card from a file picked or dropped, refuses what is no image, and saves its address', async () => {
  await signUpUser();
  const workspaceId = (await callEndpoint(getMe, {})).workspaces[0]!.id;
  const pictures: Widget = {
    id: 'pics',
    name: 'Pictures',
    type: 'ImageChoice',
    template: { label: 'Pictures', required: false, options: [{ id: 'p1', label: 'Sea' }, { id: 'p2', label: 'Hills' }] },
  };
  const template = form();
  const page = template.steps.p;
  if (page?.type === 'form') page.template.widgets = [pictures];
  const { flow } = await callEndpoint(createFlow, { body: { name: 'Pictures', type: 'form', workspaceId, flowTemplate: template } });
  const { user, container } = renderApp(paths.editor.getHref(flow.publicIdentifier, 'edit'));
  const options = await screen.findAllByTestId('image-option');

  // 'Upload image' opens a picker of images; the picked one is uploaded and its address fills the card.
  const upload = within(options[0]!).getByRole('button', { name: copy.editor.uploadImageLabel(1) });
  expect(upload).toHaveTextContent(copy.editor.uploadImage);
  const picker = container.ownerDocument.querySelector<HTMLInputElement>('input[type="file"][accept*="image/png"]')!;
  expect(picker.accept).toBe('image/png,image/jpeg,image/gif,image/webp');
  await user.upload(picker, file('sea.png', PNG, 'image/png'));
  expect(await within(options[0]!).findByText(copy.editor.imageUploaded('sea.png'))).toBeInTheDocument();
  const address = within(options[0]!).getByRole('textbox', { name: 'Image address 1' });
  expect((address as HTMLInputElement).value).toMatch(FORM_IMAGE);
  expect(within(options[0]!).getByRole('img', { name: copy.editor.imagePreview(1) })).toHaveAttribute('src', (address as HTMLInputElement).value);

  // A dropped SVG is refused before anything is sent; a dropped PNG is uploaded.
  fireEvent.drop(options[1]!, { dataTransfer: { types: ['Files'], files: [file('logo.svg', '<svg xmlns="http://www.w3.org/2000/svg"/>', 'image/svg+xml')] } });
  const second = within(options[1]!).getByRole('textbox', { name: 'Image address 2' });
  await waitFor(() => expect(second).toHaveAccessibleDescription(copy.editor.imageTypesTaken));
  fireEvent.drop(options[1]!, { dataTransfer: { types: ['Files'], files: [file('hills.png', PNG, 'image/png')] } });
  expect(await within(options[1]!).findByText(copy.editor.imageUploaded('hills.png'))).toBeInTheDocument();
  expect(second).not.toHaveAccessibleDescription(copy.editor.imageTypesTaken);

  // Saved with the form; each address serves the picture as an image.
  await waitFor(
    async () => {
      const saved = await savedQuestion(flow.publicIdentifier, 'pics');
      const cards = saved?.type === 'ImageChoice' ? saved.template.options : [];
      expect(cards.map((card) => card.imageUrl)).toEqual([expect.stringMatching(FORM_IMAGE), expect.stringMatching(FORM_IMAGE)]);
    },
    { timeout: 10_000 },
  );
  const served = await fetch((address as HTMLInputElement).value);
  expect(served.status).toBe(200);
  expect(served.headers.get('content-type')).toBe('image/png');
  expect(new Uint8Array(await served.arrayBuffer())).toEqual(PNG);
});
