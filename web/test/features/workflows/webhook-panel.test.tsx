/**
 * The webhook node's panel (src/features/workflows/nodes/webhook.tsx) as a user works it, against the real product:
 * the URL's problems with the spec's texts once the field is left, an emptied URL cleared, Done held back until the
 * request can be sent; the Simple / Advanced switch as spec 001 §4 says (seeding the URL), method, rows whose names
 * may not repeat and 'No more fields available' at the limit; and 'Test', sent by the engine — a receiver on this
 * machine answers (its host name is let through by the product's WEBHOOK_ALLOWED_HOSTS, `global-setup.ts`), a name
 * that does not resolve shows the spec 001 §8 warning.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import { screen, waitFor, within } from '@testing-library/react';
import * as copy from '@formloom/contracts/copy';
import { WEBHOOK_NODE_MAX_ROWS } from '@formloom/contracts/limits';
// Through the registry, as the canvas reaches it (the panels and the variable picker import each other's modules).
import { NODE_UIS } from '../../../src/features/workflows/nodes/registry';
import { axeViolations, formForPanels, renderPanel } from './panel-harness';

const webhookNodeUi = NODE_UIS.webhook;

const PUBLIC = 'Please provide a publicly hosted URL (not localhost)';
const INVALID = 'Please provide a valid URL';

it('checks the URL once it is left, clears it when emptied, and holds Done back until it can be sent', async () => {
  const form = await formForPanels();
  const panel = renderPanel(webhookNodeUi, { config: { webhookType: 'simple', simpleURL: { url: '' } } }, form);
  const url = screen.getByRole('textbox', { name: /URL/ });
  expect(panel.done()).toBeDisabled();
  expect(panel.done()).toHaveAttribute('title', copy.webhookNode.urlRequired);

  await panel.user.type(url, 'http://localhost:3000/hook');
  expect(screen.queryByText(PUBLIC)).not.toBeInTheDocument();
  await panel.user.tab();
  expect(await screen.findByText(PUBLIC)).toBeInTheDocument();
  expect(panel.done()).toBeDisabled();
  expect(await axeViolations(panel.container)).toEqual([]);

  await panel.user.clear(url);
  expect(screen.queryByText(PUBLIC)).not.toBeInTheDocument();
  expect(panel.template()).toEqual({ config: { webhookType: 'simple', simpleURL: { url: '' } } });

  await panel.user.type(url, 'hooks.example.com/in');
  await panel.user.tab();
  expect(await screen.findByText(INVALID)).toBeInTheDocument();

  await panel.user.clear(url);
  await panel.user.type(url, '  https://hooks.example.com/in ');
  await panel.user.tab();
  await waitFor(() => expect(panel.done()).toBeEnabled());
  expect(screen.queryByText(INVALID)).not.toBeInTheDocument();
  expect(panel.template()).toEqual({ config: { webhookType: 'simple', simpleURL: { url: 'https://hooks.example.com/in' } } });
});

it('opens on the advanced view when only a URL is stored, seeds it when switching, and edits the request', async () => {
  const form = await formForPanels();
  const stored = renderPanel(webhookNodeUi, { config: { url: 'https://api.example.com/orders' } }, form);
  expect(screen.getByRole('radio', { name: 'Advanced' })).toBeChecked();
  expect(screen.getByRole('textbox', { name: /URL/ })).toHaveValue('https://api.example.com/orders');
  stored.unmount();

  const panel = renderPanel(webhookNodeUi, { config: { webhookType: 'simple', simpleURL: { url: 'https://hooks.example.com/in' } } }, form);
  expect(screen.getByRole('radio', { name: 'Simple' })).toBeChecked();
  await panel.user.click(screen.getByText('Advanced'));
  expect(screen.getByRole('textbox', { name: /URL/ })).toHaveValue('https://hooks.example.com/in');
  expect(panel.template()).toMatchObject({ config: { webhookType: 'full', url: 'https://hooks.example.com/in' } });
  expect(screen.getByRole('textbox', { name: 'Body' })).toBeInTheDocument();

  // GET has no body.
  await panel.user.click(screen.getByRole('combobox', { name: 'Method' }));
  await panel.user.click(await screen.findByRole('option', { name: 'GET' }));
  expect(panel.template()).toMatchObject({ config: { actionType: 'get' } });
  expect(screen.queryByRole('textbox', { name: 'Body' })).not.toBeInTheDocument();

  // Two headers of the same name: the second says so, and Done waits.
  const headers = within(screen.getByTestId('webhook-headers'));
  await panel.user.click(headers.getByRole('button', { name: 'Add header' }));
  await panel.user.click(headers.getByRole('button', { name: 'Add header' }));
  await panel.user.type(headers.getByRole('textbox', { name: 'Headers 1: name' }), 'X-Token');
  await panel.user.type(headers.getByRole('textbox', { name: 'Headers 1: value' }), 'abc');
  await panel.user.type(headers.getByRole('textbox', { name: 'Headers 2: name' }), 'x-token');
  expect(await headers.findByText(copy.webhookNode.keyRepeated('x-token'))).toBeInTheDocument();
  expect(panel.done()).toBeDisabled();
  await panel.user.click(headers.getByRole('button', { name: 'Remove Headers 2' }));
  await waitFor(() => expect(panel.done()).toBeEnabled());
  expect(panel.template()).toMatchObject({ config: { headers: [{ key: 'X-Token', value: 'abc' }] } });

  expect(await axeViolations(panel.container)).toEqual([]);

  // Back to simple: the simple URL is where it was.
  await panel.user.click(screen.getByText('Simple'));
  expect(screen.getByRole('textbox', { name: /URL/ })).toHaveValue('https://hooks.example.com/in');
});

it('shows "No more fields available" when a list is full', async () => {
  const form = await formForPanels();
  const rows = Array.from({ length: WEBHOOK_NODE_MAX_ROWS }, (_, index) => ({ key: `p${index}`, value: '' }));
  renderPanel(webhookNodeUi, { config: { webhookType: 'full', url: 'https://a.example', urlParameters: rows } }, form);
  const parameters = within(screen.getByTestId('webhook-urlParameters'));
  expect(parameters.getByRole('button', { name: 'Add parameter' })).toBeDisabled();
  expect(parameters.getByText('No more fields available')).toBeInTheDocument();
  expect(within(screen.getByTestId('webhook-headers')).getByRole('button', { name: 'Add header' })).toBeEnabled();
});

describe('Test', () => {
  let server: Server;
  let received: Array<{ method: string; body: string; idempotencyKey: string | undefined }>;
  let port: number;

  beforeAll(async () => {
    received = [];
    server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        received.push({ method: request.method ?? '', body: Buffer.concat(chunks).toString('utf8'), idempotencyKey: request.headers['idempotency-key'] as string | undefined });
        response.writeHead(201, { 'content-type': 'application/json' }).end(JSON.stringify({ id: 'order-7' }));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, resolve));
    port = (server.address() as AddressInfo).port;
  });

  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it('sends once through the engine with a sample submission and shows the answer', async () => {
    const form = await formForPanels();
    const panel = renderPanel(webhookNodeUi, { config: { webhookType: 'simple', simpleURL: { url: `http://${os.hostname()}:${port}/in` } } }, form);
    await panel.user.click(screen.getByRole('button', { name: 'Test' }));
    const answer = await screen.findByTestId('webhook-test-answer');
    expect(within(answer).getByText(copy.webhookNode.testAnswered(201))).toBeInTheDocument();
    expect(answer).toHaveTextContent('"id": "order-7"');
    expect(received).toHaveLength(1);
    expect(received[0]?.method).toBe('POST');
    expect(received[0]?.idempotencyKey).toMatch(/^test:/);
    expect(JSON.parse(received[0]?.body ?? '{}')).toMatchObject({ formId: form.publicIdentifier, formName: 'Leads', submission: { submissionId: 'sample-submission' } });
  });

  it('shows the spec’s warning when the request fails', async () => {
    const form = await formForPanels();
    const panel = renderPanel(webhookNodeUi, { config: { webhookType: 'simple', simpleURL: { url: 'https://no-such-host.invalid/in' } } }, form);
    await panel.user.click(screen.getByRole('button', { name: 'Test' }));
    const answer = await screen.findByTestId('webhook-test-answer');
    expect(answer).toHaveTextContent(/Webhook failed: /);
    expect(within(answer).getByText(copy.webhookNode.testMisconfigured)).toBeInTheDocument();
    expect(within(answer).getByText(/^Did you provide the right endpoint\? /)).toBeInTheDocument();
  });

  it('is not offered while the URL is refused', async () => {
    const form = await formForPanels();
    renderPanel(webhookNodeUi, { config: { webhookType: 'simple', simpleURL: { url: 'http://127.0.0.1:9/in' } } }, form);
    expect(screen.getByText(PUBLIC)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Test' })).toBeDisabled();
  });
});
