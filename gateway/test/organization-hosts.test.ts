/**
 * Organizations' subdomains and own domains through the whole product (`startEmbedded`; `gateway/src/organization-hosts.ts`, flows'
 * `assertServedOnHost`): with `PUBLIC_URL` `http://forms.test`, the organization whose subdomain is `acme` has its
 * public forms served at `acme.forms.test` — the page with the form in it, the form's calls, a submission — and only
 * its own: another organization's form is 'Form not found' there, the app and the signed-in API are not served, `/`
 * goes to the product's address, and a subdomain no one has is 404. An own domain serves the same way once its TXT
 * record is found (a test DNS server stands for the organization's DNS provider); any other host is the product's own.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { setCustomDomain, updateSubdomain, verifyCustomDomain } from '@formloom/contracts/api/workspaces-auth/custom-domains';
import { startDnsServer, type TestDnsServer } from '@formloom/kit/testing-dns';
import * as copy from '@formloom/contracts/copy';
import { startEmbedded, type EmbeddedProduct } from '@formloom/scripts/embedded';
import { ProductClient, type PublishedForm } from '@formloom/scripts/product-client';

jest.setTimeout(240_000);

let product: EmbeddedProduct;
let dataDir: string;
let ada: ProductClient;
let adaForm: PublishedForm;
let alanForm: PublishedForm;
let dns: TestDnsServer;

beforeAll(async () => {
  dns = await startDnsServer();
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'formloom-hosts-'));
  // The built web app (`npm run build:web`) gives the form's page its shell.
  product = await startEmbedded({
    dataDir,
    port: 0,
    host: '127.0.0.1',
    logLevel: 'silent',
    publicUrl: 'http://forms.test',
    webDist: path.resolve(__dirname, '../../web/dist'),
    env: { ...process.env, DNS_SERVERS: dns.address },
  });
  ada = await ProductClient.signUp(product.url, 'ada-hosts@example.com');
  adaForm = await ada.publishFormWithEmailWorkflow('Acme contact', { fallbackRecipients: ['ada-hosts@example.com'] });
  const alan = await ProductClient.signUp(product.url, 'alan-hosts@example.com');
  alanForm = await alan.publishFormWithEmailWorkflow('Alan survey', { fallbackRecipients: ['alan-hosts@example.com'] });
  await ada.call(updateSubdomain, { body: { subdomain: 'acme' } });
});

afterAll(async () => {
  await product?.close();
  await dns?.close();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

/** A request to the gateway as if sent to `host`. */
function onHost(host: string, method: 'GET' | 'POST', url: string, payload?: unknown, headers: Record<string, string> = {}) {
  return product.gateway.inject({
    method,
    url,
    headers: { host, accept: 'text/html,application/json', ...headers },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}

it("serves the organization's form page, its calls and a submission on its subdomain", async () => {
  const page = await onHost('acme.forms.test', 'GET', `/t/${adaForm.publicIdentifier}`);
  expect(page.statusCode).toBe(200);
  expect(page.body).toContain('Acme contact');
  const template = await onHost('acme.forms.test', 'GET', `/public/flows/templates/${adaForm.publicIdentifier}?mode=live`);
  expect(template.statusCode).toBe(200);
  const submitted = await onHost(
    'acme.forms.test',
    'POST',
    `/public/flows/${adaForm.publicIdentifier}/submissions`,
    { answers: { w1: 'Grace', w2: 'grace@example.com' } },
    { 'content-type': 'application/json', origin: 'http://acme.forms.test' },
  );
  expect(submitted.statusCode).toBe(201);
});

it("refuses another organization's form there, as if it did not exist", async () => {
  const template = await onHost('acme.forms.test', 'GET', `/public/flows/templates/${alanForm.publicIdentifier}?mode=live`);
  expect(template.statusCode).toBe(404);
  expect(template.json().error.message).toBe(copy.flows.flowNotFound);
  const page = await onHost('acme.forms.test', 'GET', `/t/${alanForm.publicIdentifier}`);
  expect(page.statusCode).toBe(404);
  expect(page.body).not.toContain('Alan survey');
  const submitted = await onHost(
    'acme.forms.test',
    'POST',
    `/public/flows/${alanForm.publicIdentifier}/submissions`,
    { answers: { w1: 'Eve', w2: 'eve@example.com' } },
    { 'content-type': 'application/json', origin: 'http://acme.forms.test' },
  );
  expect(submitted.statusCode).toBe(404);
  // The product's own host serves both, as before.
  expect((await onHost('forms.test', 'GET', `/public/flows/templates/${alanForm.publicIdentifier}?mode=live`)).statusCode).toBe(200);
});

it('serves nothing else there: the app and the signed-in API are 404, / goes to the product, an unknown subdomain is 404', async () => {
  for (const url of ['/home', '/login', '/auth/me', '/admin/flows', '/api/docs']) {
    const response = await onHost('acme.forms.test', 'GET', url);
    expect({ url, status: response.statusCode }).toEqual({ url, status: 404 });
  }
  const root = await onHost('acme.forms.test', 'GET', '/');
  expect(root.statusCode).toBe(302);
  expect(root.headers.location).toBe('http://forms.test');
  const unknown = await onHost('nobody.forms.test', 'GET', `/t/${adaForm.publicIdentifier}`);
  expect(unknown.statusCode).toBe(404);
  // A client cannot name an organization itself on the product's host.
  const forged = await onHost('forms.test', 'GET', `/public/flows/templates/${alanForm.publicIdentifier}?mode=live`, undefined, {
    'x-formloom-host-organization': '999',
  });
  expect(forged.statusCode).toBe(200);
});

it("serves the organization's forms on its own domain once verified, and any other host as the product", async () => {
  const { customDomain } = await ada.call(setCustomDomain, { body: { hostname: 'forms.acme.example' } });
  const txt = customDomain.records.find((record) => record.type === 'TXT')!;
  dns.txt.set(txt.name, [txt.value]);
  expect((await ada.call(verifyCustomDomain, {})).customDomain.status).toBe('verified');

  const page = await onHost('forms.ACME.example', 'GET', `/t/${adaForm.publicIdentifier}`);
  expect(page.statusCode).toBe(200);
  expect(page.body).toContain('Acme contact');
  const template = await onHost('forms.acme.example', 'GET', `/public/flows/templates/${alanForm.publicIdentifier}?mode=live`);
  expect(template.statusCode).toBe(404);
  expect((await onHost('forms.acme.example', 'GET', '/home')).statusCode).toBe(404);
  // A cluster-internal name of the gateway is the product's own host.
  expect((await onHost('formloom-gateway.default.svc.cluster.local', 'GET', '/api/openapi.json')).statusCode).toBe(200);
});
