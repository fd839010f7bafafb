/**
 * An organization's subdomain (spec 000 §3, §5 "Subdomain update needs a non-empty value", §7; `domain/custom-domains.ts`):
 * admins read and set it — one DNS label, not reserved, unique across organizations — and the gateway's lookup finds
 * the organization of `{subdomain}.{base host}` and no other host.
 */
import { getCustomDomains, resolveHost, updateSubdomain } from '@formloom/contracts/api/workspaces-auth/custom-domains';
import { getMe, logIn } from '@formloom/contracts/api/workspaces-auth/auth';
import { createOrganizationUser } from '@formloom/contracts/api/workspaces-auth/internal';
import * as copy from '@formloom/contracts/copy';
import { endpointRequest } from '@formloom/kit/testing';
import { build, cookieHeader, internalHeaders, nextAddress, sessionCookieOf, signUp, type Service } from './helpers';

let service: Service;
beforeEach(async () => {
  service = await build({ PUBLIC_URL: 'https://forms.example.com' });
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
  expect(before.json()).toEqual({ domain: { subdomain: null, baseHost: 'forms.example.com', subdomainUrl: null } });

  const updated = await update(ada.token, '  Acme-Labs ');
  expect(updated.statusCode).toBe(200);
  expect(updated.json()).toEqual({ subdomain: 'acme-labs' });
  const after = await service.app.inject(endpointRequest(getCustomDomains, { headers: cookieHeader(ada.token) }));
  expect(after.json()).toEqual({ domain: { subdomain: 'acme-labs', baseHost: 'forms.example.com', subdomainUrl: 'https://acme-labs.forms.example.com' } });

  const organizationId = (await service.app.inject(endpointRequest(getMe, { headers: cookieHeader(ada.token) }))).json().organizations[0].id;
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
