/**
 * An organization's domains (spec 000 §3, §5 "Subdomain update needs a non-empty value", §7; `domain/custom-domains.ts`):
 * admins read and set the subdomain — one DNS label, not reserved, unique across organizations — and connect a domain
 * of their own, which serves once its TXT record is found in DNS (a test DNS server speaking RFC 1035 stands for the
 * organization's DNS provider); the gateway's lookup finds the organization of `{subdomain}.{base host}` and of a
 * verified own domain, and no other host.
 */
import {
  getCustomDomains,
  removeCustomDomain,
  resolveHost,
  setCustomDomain,
  updateSubdomain,
  verifyCustomDomain,
  type CustomDomain,
} from '@formloom/contracts/api/workspaces-auth/custom-domains';
import { startDnsServer, type TestDnsServer } from '@formloom/kit/testing-dns';
import { getMe, logIn } from '@formloom/contracts/api/workspaces-auth/auth';
import { createOrganizationUser } from '@formloom/contracts/api/workspaces-auth/internal';
import * as copy from '@formloom/contracts/copy';
import { endpointRequest } from '@formloom/kit/testing';
import { build, cookieHeader, internalHeaders, nextAddress, sessionCookieOf, signUp, type Service } from './helpers';

let service: Service;
let dns: TestDnsServer;
beforeAll(async () => {
  dns = await startDnsServer();
});
afterAll(async () => {
  await dns.close();
});
beforeEach(async () => {
  service = await build({ PUBLIC_URL: 'https://forms.example.com', DNS_SERVERS: dns.address });
});
afterEach(async () => {
  await service.close();
});

const update = (session: string, subdomain: string) =>
  service.app.inject(endpointRequest(updateSubdomain, { headers: cookieHeader(session), body: { subdomain } }));
const resolve = (host: string) => service.app.inject(endpointRequest(resolveHost, { headers: internalHeaders, body: { host } }));

it('sets the subdomain, normalized, and serves the organization at {subdomain}.{base host}', async () => {
  const ada = await signUp(service, { firstName: 'Ada' });
  const before = await service.app.inject(endpointRequest(getCustomDomains, { headers: cookieHeader(ada.token) }));
  expect(before.json()).toEqual({ domain: { subdomain: null, baseHost: 'forms.example.com', subdomainUrl: null, customDomain: null } });

  const updated = await update(ada.token, '  Acme-Labs ');
  expect(updated.statusCode).toBe(200);
  expect(updated.json()).toEqual({ subdomain: 'acme-labs' });
  const after = await service.app.inject(endpointRequest(getCustomDomains, { headers: cookieHeader(ada.token) }));
  expect(after.json()).toEqual({
    domain: { subdomain: 'acme-labs', baseHost: 'forms.example.com', subdomainUrl: 'https://acme-labs.forms.example.com', customDomain: null },
  });

  const me = (await service.app.inject(endpointRequest(getMe, { headers: cookieHeader(ada.token) }))).json();
  const organizationId = me.organizations[0].id;
  // The app shares the organization's forms on it.
  expect(me.formsOrigin).toBe('https://acme-labs.forms.example.com');
  expect((await resolve('Acme-Labs.forms.example.com')).json()).toEqual({ organizationId });
  for (const host of ['forms.example.com', 'www.forms.example.com', 'x.acme-labs.forms.example.com', 'acme-labs.example.org', 'other.forms.example.com']) {
    expect({ host, status: (await resolve(host)).statusCode }).toEqual({ host, status: 404 });
  }
  // The old subdomain stops serving once changed.
  await update(ada.token, 'acme');
  expect((await resolve('acme-labs.forms.example.com')).statusCode).toBe(404);
  expect((await resolve('acme.forms.example.com')).json()).toEqual({ organizationId });
});

it.each([
  ['', copy.domains.subdomainRequired],
  ['   ', copy.domains.subdomainRequired],
  ['-acme', copy.domains.subdomainCharacters],
  ['acme.labs', copy.domains.subdomainCharacters],
  ['café', copy.domains.subdomainCharacters],
  ['a'.repeat(64), copy.domains.subdomainTooLong(63)],
  ['www', copy.domains.subdomainReserved],
])('refuses %j with the reason', async (subdomain, message) => {
  const ada = await signUp(service, { firstName: 'Ada' });
  const response = await update(ada.token, subdomain);
  expect(response.statusCode).toBe(400);
  expect(response.json().error.details).toEqual([{ path: 'body.subdomain', message }]);
});

it("refuses another organization's subdomain, and a member who is not an admin", async () => {
  const ada = await signUp(service, { firstName: 'Ada' });
  const alan = await signUp(service, { firstName: 'Alan' });
  expect((await update(ada.token, 'acme')).statusCode).toBe(200);
  const taken = await update(alan.token, 'ACME');
  expect(taken.statusCode).toBe(409);
  expect(taken.json().error.message).toBe(copy.domains.subdomainTaken);

  const organizationId = (await service.app.inject(endpointRequest(getMe, { headers: cookieHeader(ada.token) }))).json().organizations[0].id;
  const member = { email: 'ken@example.com', password: 'unix is simple', firstName: 'Ken', lastName: 'Thompson' };
  const created = await service.app.inject(
    endpointRequest(createOrganizationUser, { headers: internalHeaders, params: { organizationId }, body: { ...member, isAdmin: false, workspaces: [] } }),
  );
  expect(created.statusCode).toBe(201);
  const login = await service.app.inject(endpointRequest(logIn, { body: { email: member.email, password: member.password }, remoteAddress: nextAddress() }));
  const ken = sessionCookieOf(login)!;
  for (const response of [await update(ken, 'kens-forms'), await service.app.inject(endpointRequest(getCustomDomains, { headers: cookieHeader(ken) }))]) {
    expect(response.statusCode).toBe(403);
    expect(response.json().error.message).toBe(copy.auth.adminOnly);
  }
  expect((await resolve('kens-forms.forms.example.com')).statusCode).toBe(404);
});

describe('an own domain', () => {
  const connect = (session: string, hostname: string) =>
    service.app.inject(endpointRequest(setCustomDomain, { headers: cookieHeader(session), body: { hostname } }));
  const verify = (session: string) => service.app.inject(endpointRequest(verifyCustomDomain, { headers: cookieHeader(session) }));

  it('gives the DNS records to create, stays pending until the TXT record is found, then serves the organization', async () => {
    const ada = await signUp(service, { firstName: 'Ada' });
    const connected = await connect(ada.token, ' Forms.Acme.EXAMPLE. ');
    expect(connected.statusCode).toBe(201);
    const domain = connected.json<{ customDomain: CustomDomain }>().customDomain;
    expect(domain).toMatchObject({ hostname: 'forms.acme.example', status: 'pending', verifiedAt: null, problem: null });
    const [cname, txt] = domain.records;
    expect(cname).toEqual({ type: 'CNAME', name: 'forms.acme.example', value: 'forms.example.com' });
    expect(txt).toMatchObject({ type: 'TXT', name: '_formloom-verification.forms.acme.example' });
    expect(txt!.value).toMatch(/^formloom-verification=[A-Za-z0-9_-]{43}$/);
    expect((await resolve('forms.acme.example')).statusCode).toBe(404);

    // Checked before the record exists: still pending, and why.
    const early = await verify(ada.token);
    expect(early.json<{ customDomain: CustomDomain }>().customDomain).toMatchObject({ status: 'pending', problem: copy.domains.notFoundYet });
    expect(early.json<{ customDomain: CustomDomain }>().customDomain.lastCheckedAt).not.toBeNull();
    // A record with another value proves nothing.
    dns.txt.set('_formloom-verification.forms.acme.example', ['formloom-verification=someone-else']);
    expect((await verify(ada.token)).json<{ customDomain: CustomDomain }>().customDomain.status).toBe('pending');

    dns.txt.set('_formloom-verification.forms.acme.example', ['v=spf1 -all', txt!.value]);
    const checked = await verify(ada.token);
    expect(checked.json<{ customDomain: CustomDomain }>().customDomain).toMatchObject({ status: 'verified', problem: null });
    const organizationId = (await service.app.inject(endpointRequest(getMe, { headers: cookieHeader(ada.token) }))).json().organizations[0].id;
    expect((await resolve('forms.acme.example')).json()).toEqual({ organizationId });
    // The app shares the organization's forms on its own domain once verified.
    expect((await service.app.inject(endpointRequest(getMe, { headers: cookieHeader(ada.token) }))).json().formsOrigin).toBe('https://forms.acme.example');
    expect((await service.app.inject(endpointRequest(getCustomDomains, { headers: cookieHeader(ada.token) }))).json().domain.customDomain).toMatchObject({
      hostname: 'forms.acme.example',
      status: 'verified',
    });

    // Removed, it serves nothing.
    expect((await service.app.inject(endpointRequest(removeCustomDomain, { headers: cookieHeader(ada.token) }))).statusCode).toBe(200);
    expect((await resolve('forms.acme.example')).statusCode).toBe(404);
    expect((await verify(ada.token)).statusCode).toBe(404);
  });

  it.each([
    ['', copy.domains.hostnameRequired],
    ['acme', copy.domains.hostnameInvalid],
    ['https://acme.example/forms', copy.domains.hostnameInvalid],
    ['10.0.0.1', copy.domains.hostnameInvalid],
    ['forms.example.com', copy.domains.hostnameProductHost],
    ['acme.forms.example.com', copy.domains.hostnameProductHost],
  ])('refuses %j with the reason', async (hostname, message) => {
    const ada = await signUp(service, { firstName: 'Ada' });
    const response = await connect(ada.token, hostname);
    expect(response.statusCode).toBe(400);
    expect(response.json().error.details).toEqual([{ path: 'body.hostname', message }]);
  });

  it("refuses a domain another organization connected, even before it is verified", async () => {
    const ada = await signUp(service, { firstName: 'Ada' });
    const alan = await signUp(service, { firstName: 'Alan' });
    expect((await connect(ada.token, 'forms.acme.example')).statusCode).toBe(201);
    const taken = await connect(alan.token, 'FORMS.acme.example');
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error.message).toBe(copy.domains.hostnameTaken);
  });
});
