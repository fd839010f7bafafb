/**
 * FileUpload and Signature on the public form (src/respondent) against the real API: files are chosen with the
 * question's file button (keyboard-usable, named by the question) or dropped on its zone, checked against the
 * question's types and size before anything is sent, uploaded with their progress shown, listed with 'Remove
 * <name>'; a file the server refuses says why; a signature is drawn on the pad or typed, uploaded as a PNG; and the
 * Results read the files' names with their links and 'Signed'. The editor's preview sends nothing.
 *
 * The network edge the browser has and jsdom lacks is played here: XMLHttpRequest (what the uploader uses for its
 * progress) is carried by the tests' fetch to the real product, and the canvas's 2D drawing and `toBlob` (jsdom
 * has no canvas) are a pen that draws nothing and a fixed PNG. Nothing of ours is mocked.
 */
import { File as NodeFile } from 'node:buffer';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { getMe } from '@formloom/contracts/api/workspaces-auth/auth';
import { createFlow, publishFlow } from '@formloom/contracts/api/flows/flows';
import { listSubmissions } from '@formloom/contracts/api/flows/submissions';
import * as copy from '@formloom/contracts/copy';
import type { FlowTemplate, Widget } from '@formloom/contracts/entities/flow-template';
import { FormRunner } from '../../src/respondent/form-runner';
import { PublicFormPage } from '../../src/respondent/public-form';
import { callEndpoint } from '../../src/lib/api-client';
import { installPassingChallenge, removePassingChallenge } from '../challenge-provider';
import { signUpUser } from '../render-app';

const QUESTIONS: Widget[] = [
  { id: 'cv', name: 'CV', type: 'FileUpload', template: { label: 'Your CV', required: true, allowedTypes: ['pdf', 'txt'], maxSizeMb: 0.5, maxFiles: 2 } },
  { id: 'sign', name: 'Signature', type: 'Signature', template: { label: 'Sign here', required: true } },
];

function template(): FlowTemplate {
  return {
    firstStep: 'p1',
    steps: {
      p1: { id: 'p1', name: 'Apply', type: 'form', template: { widgets: QUESTIONS }, nextStep: { defaultNextStep: 'end' } },
      end: { id: 'end', name: 'Thank you', type: 'ending', template: { title: 'Thanks!', body: 'Done.' }, nextStep: null },
    },
  };
}

async function publishedForm(): Promise<string> {
  await signUpUser();
  const workspaceId = (await callEndpoint(getMe, {})).workspaces[0]!.id;
  const { flow } = await callEndpoint(createFlow, { body: { name: 'Apply', type: 'form', workspaceId, flowTemplate: template() } });
  await callEndpoint(publishFlow, { params: { publicIdentifier: flow.publicIdentifier } });
  return flow.publicIdentifier;
}

/** A file as a browser gives one (Node's File: what the tests' fetch sends as a multipart part). */
function file(name: string, content: string | Uint8Array, type = 'application/pdf'): File {
  return new NodeFile([content], name, { type }) as unknown as File;
}

const PDF = '%PDF-1.7\nhello';
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);

/** XMLHttpRequest as far as the uploader uses it, carried by the tests' fetch (to the real product). */
class FetchXhr {
  status = 0;
  responseText = '';
  readonly upload: { onprogress: ((event: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  private method = 'GET';
  private url = '';

  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }

  send(body: FormData) {
    this.upload.onprogress?.({ lengthComputable: true, loaded: 0, total: 1 });
    void fetch(this.url, { method: this.method, body }).then(
      async (response) => {
        this.upload.onprogress?.({ lengthComputable: true, loaded: 1, total: 1 });
        this.status = response.status;
        this.responseText = await response.text();
        this.onload?.();
      },
      () => this.onerror?.(),
    );
  }
}

const realXhr = window.XMLHttpRequest;
const realGetContext = HTMLCanvasElement.prototype.getContext;
const realToBlob = HTMLCanvasElement.prototype.toBlob;

beforeEach(() => {
  window.XMLHttpRequest = FetchXhr as unknown as typeof XMLHttpRequest;
  // jsdom has no canvas: a pen that draws nothing, and the pad's PNG.
  const pen = { beginPath() {}, moveTo() {}, lineTo() {}, stroke() {}, clearRect() {}, fillText() {} };
  HTMLCanvasElement.prototype.getContext = (() => pen) as unknown as typeof realGetContext;
  HTMLCanvasElement.prototype.toBlob = function (callback: BlobCallback) {
    callback(new Blob([PNG], { type: 'image/png' }));
  };
  installPassingChallenge('uploads');
});

afterEach(() => {
  window.XMLHttpRequest = realXhr;
  HTMLCanvasElement.prototype.getContext = realGetContext;
  HTMLCanvasElement.prototype.toBlob = realToBlob;
  removePassingChallenge();
});

it('a respondent uploads files and signs; the Results read the names with their links, and "Signed"', async () => {
  const publicIdentifier = await publishedForm();
  const user = userEvent.setup({ applyAccept: false });
  render(<PublicFormPage publicIdentifier={publicIdentifier} />);

  // The file button is the question's: found by its label, reached with Tab, described by its limits.
  const input = await screen.findByLabelText(/Your CV/);
  expect(input).toHaveAttribute('type', 'file');
  expect(input).toHaveAttribute('accept', '.pdf,.txt');
  expect(input).toHaveAccessibleDescription('pdf, txt, up to 512 KB each, at most 2 files');
  await user.tab();
  expect(input).toHaveFocus();

  // Checked before sending: a type the question does not take, a file too large.
  await user.upload(input, file('setup.exe', 'MZ', 'application/octet-stream'));
  expect(await screen.findByText(copy.uploads.expectedTypes('pdf, txt'))).toBeInTheDocument();
  await user.upload(input, file('big.pdf', new Uint8Array(512 * 1024 + 1)));
  expect(await screen.findByText(copy.uploads.fileTooLarge('512 KB'))).toBeInTheDocument();

  // The server's refusal shows too: a '.pdf' whose bytes are not a PDF.
  await user.upload(input, file('fake.pdf', 'not a pdf'));
  expect(await screen.findByText(copy.uploads.contentMismatch)).toBeInTheDocument();

  await user.upload(input, [file('cv.pdf', PDF), file('notes.txt', 'hello', 'text/plain')]);
  const list = await screen.findByTestId('file-list');
  await waitFor(() => expect(within(list).getAllByTestId('uploaded-file')).toHaveLength(2));
  // The failed files went when new ones were chosen; the question is full (two files) now.
  expect(within(list).queryByTestId('pending-file')).toBeNull();
  expect(input).toBeDisabled();
  await user.click(screen.getByRole('button', { name: copy.uploads.remove('notes.txt') }));
  expect(within(list).getAllByTestId('uploaded-file').map((item) => item.textContent)).toEqual([expect.stringContaining('cv.pdf')]);
  expect(input).toBeEnabled();

  // A file dropped on the zone uploads the same way.
  fireEvent.drop(screen.getByTestId('file-drop-zone'), { dataTransfer: { files: [file('letter.pdf', PDF)] } });
  await waitFor(() => expect(within(list).getAllByTestId('uploaded-file')).toHaveLength(2));

  // The signature, drawn with a pointer: uploaded once the respondent pauses.
  const pad = screen.getByTestId('signature-pad');
  fireEvent.pointerDown(pad, { clientX: 10, clientY: 10, pointerId: 1 });
  fireEvent.pointerMove(pad, { clientX: 60, clientY: 30, pointerId: 1 });
  fireEvent.pointerUp(pad, { pointerId: 1 });
  await waitFor(() => expect(screen.getByTestId('signature-status')).toHaveTextContent(copy.uploads.signatureSaved));

  await user.click(screen.getByRole('button', { name: 'Submit' }));
  expect(await screen.findByTestId('ending-title')).toHaveTextContent('Thanks!');

  const { responses } = await callEndpoint(listSubmissions, { params: { publicIdentifier }, query: {} });
  const texts = Object.fromEntries((responses[0]?.questions ?? []).map((item) => [item.name, item.displayValue]));
  const link = (id: string) => `/admin/flows/${publicIdentifier}/uploads/${id}`;
  const values = Object.fromEntries((responses[0]?.questions ?? []).map((item) => [item.name, item.value])) as {
    CV: Array<{ id: string; name: string }>;
    Signature: { id: string; name: string };
  };
  expect(values.CV.map((item) => item.name)).toEqual(['cv.pdf', 'letter.pdf']);
  expect(texts.CV).toBe(values.CV.map((item) => `${item.name} (http://formloom.test${link(item.id)})`).join(', '));
  expect(values.Signature).toMatchObject({ name: 'signature.png', contentType: 'image/png' });
  expect(texts.Signature).toBe(`Signed (http://formloom.test${link(values.Signature.id)})`);
});

it('keyboard users type their name to sign; a required question left empty says so; Clear empties the signature', async () => {
  const publicIdentifier = await publishedForm();
  const user = userEvent.setup();
  render(<PublicFormPage publicIdentifier={publicIdentifier} />);

  const signature = await screen.findByRole('group', { name: /Sign here/ });
  await user.click(screen.getByRole('button', { name: 'Submit' }));
  await waitFor(() => expect(signature).toHaveAccessibleDescription(copy.answers.required));
  expect(screen.getByLabelText(/Your CV/)).toHaveAccessibleDescription(expect.stringContaining(copy.answers.required));

  await user.click(within(signature).getByRole('button', { name: copy.uploads.typeInstead }));
  await user.type(within(signature).getByLabelText(copy.uploads.typedName), 'Ada Lovelace');
  await waitFor(() => expect(screen.getByTestId('signature-status')).toHaveTextContent(copy.uploads.signatureSaved));
  expect(within(signature).getByRole('img', { name: `Sign here: ${copy.uploads.signed}` })).toBeInTheDocument();

  await user.click(within(signature).getByRole('button', { name: copy.uploads.clear }));
  expect(screen.getByTestId('signature-status')).toHaveTextContent('');
  expect(within(signature).getByLabelText(copy.uploads.typedName)).toHaveValue('');
  expect(within(signature).getByRole('button', { name: copy.uploads.clear })).toBeDisabled();
});

it('the editor’s preview uploads nothing, and says so', async () => {
  const user = userEvent.setup({ applyAccept: false });
  let sent = 0;
  window.XMLHttpRequest = class extends FetchXhr {
    override send(body: FormData) {
      sent += 1;
      super.send(body);
    }
  } as unknown as typeof XMLHttpRequest;
  render(
    <FormRunner publicIdentifier="preview" title="Preview" template={template()} challenge={null} settings={{}} submit={async () => undefined} onAlreadyResponded={() => undefined} />,
  );
  expect(screen.getAllByText(copy.uploads.previewOnly)).toHaveLength(2);
  await user.upload(screen.getByLabelText(/Your CV/), file('cv.pdf', PDF));
  expect(await screen.findByTestId('uploaded-file')).toHaveTextContent('cv.pdf');
  expect(sent).toBe(0);
});
