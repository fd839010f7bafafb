/**
 * The organization settings an admin changes (spec 000 §2 "Settings and members"; `PATCH
 * /admin/organizations/:organizationId`): its name, its data region — which reaches `GET /auth/me` and the access
 * token's `reg` claim (spec 001 §2: the AI category is hidden in `EU_AGENT`) — and its feature flags; members who are
 * not admins and other organizations cannot, and bad input changes nothing. The real service on PGlite.
 */
import { decodeJwt } from 'jose';
import { updateOrganization } from '@formloom/contracts/api/workspaces-auth/admin';
import * as copy from '@formloom/contracts/copy';
import { endpointRequest } from '@formloom/kit/testing';
import { build, cookieHeader, meOf, exchange, internalHeaders, newPerson, sessionCookieOf, signUp, type Service } from './helpers';

let service: Service;
beforeAll(async () => {
  service = await build();
});
afterAll(async () => {
  await service.close();
});

const me = (token: string) => meOf(service, token);

function update(token: string, organizationId: number, body: object) {
  return service.app.inject(endpointRequest(updateOrganization, { headers: cookieHeader(token), params: { organizationId }, body: body as never }));
}

it("lets an admin rename the organization, choose its data region and turn features on; members see it", async () => {
  const { token } = await signUp(service, { firstName: 'Ada' });
  const organizationId = (await me(token)).organizations[0]!.id;

  const changed = await update(token, organizationId, { name: '  Analytical Engines Ltd ', dataRegion: 'EU_AGENT', features: ['database'] });
  expect(changed.statusCode).toBe(200);
  expect(changed.json()).toEqual({
    organization: expect.objectContaining({ id: organizationId, name: 'Analytical Engines Ltd', dataRegion: 'EU_AGENT', features: ['database'] }),
  });
  expect((await me(token)).organizations[0]).toMatchObject({ name: 'Analytical Engines Ltd', dataRegion: 'EU_AGENT', features: ['database'] });
  expect(decodeJwt(await exchange(service, token))).toMatchObject({ reg: 'EU_AGENT' });

  // Only what is given changes: back to the default region, name and features kept.
  const back = await update(token, organizationId, { dataRegion: null });
  expect(back.json().organization).toMatchObject({ name: 'Analytical Engines Ltd', dataRegion: null, features: ['database'] });
  expect(decodeJwt(await exchange(service, token)).reg).toBeUndefined();
});

it('refuses members who are not admins, other organizations and bad input, changing nothing', async () => {
  const admin = await signUp(service, { firstName: 'Ada' });
  const organizationId = (await me(admin.token)).organizations[0]!.id;
  const other = await signUp(service, { firstName: 'Eve' });

  const foreign = await update(other.token, organizationId, { name: 'Mine now' });
  expect(foreign.statusCode).toBe(404);
  expect(foreign.json().error.message).toBe(copy.auth.organizationNotFound);

  const person = newPerson({ firstName: 'Ken' });
  const created = await service.app.inject({
    method: 'POST',
    url: `/internal/organizations/${organizationId}/users`,
    headers: internalHeaders,
    payload: { ...person, isAdmin: false, workspaces: [] },
  });
  expect(created.statusCode).toBe(201);
  const login = await service.app.inject({ method: 'POST', url: '/auth/login', payload: { email: person.email, password: person.password } });
  const member = sessionCookieOf(login)!;
  const refused = await update(member, organizationId, { name: 'Kens' });
  expect(refused.statusCode).toBe(403);
  expect(refused.json().error.message).toBe(copy.auth.adminOnly);

  const empty = await update(admin.token, organizationId, {});
  expect(empty.statusCode).toBe(400);
  expect(JSON.stringify(empty.json())).toContain(copy.settings.organizationNothingToChange);
  const blank = await update(admin.token, organizationId, { name: '   ' });
  expect(blank.statusCode).toBe(400);
  const unknownFeature = await update(admin.token, organizationId, { features: ['teleporter'] });
  expect(unknownFeature.statusCode).toBe(400);
  const region = await update(admin.token, organizationId, { dataRegion: 'MARS' });
  expect(region.statusCode).toBe(400);

  expect((await me(admin.token)).organizations[0]).toMatchObject({ name: copy.auth.organizationName('Ada'), dataRegion: null, features: [] });
});
