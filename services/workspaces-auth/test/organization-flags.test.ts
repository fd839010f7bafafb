/**
 * The organization flags (spec 001 §2, §6: the Conversion Kit add-on, the `EU_AGENT` data region) set by an operator's
 * internal call and read on `GET /auth/me` and in the access token; the Conversion Kit checkout (spec 001 §7, §9)
 * through the embedded billing provider. The real service on PGlite.
 */
import { decodeJwt } from 'jose';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import * as copy from '@formloom/contracts/copy';
import type { MeResponse } from '@formloom/contracts/api/workspaces-auth/auth';
import type { User } from '@formloom/contracts/entities/identity';
import { build, cookieHeader, exchange, internalHeaders, newPerson, sessionCookieOf, signUp, type Service } from './helpers';

let service: Service;
beforeAll(async () => {
  service = await build();
});
afterAll(async () => {
  await service.close();
});

function inject(options: InjectOptions): Promise<LightMyRequestResponse> {
  return service.app.inject(options);
}

async function me(token: string): Promise<MeResponse> {
  const response = await inject({ method: 'GET', url: '/auth/me', headers: cookieHeader(token) });
  expect(response.statusCode).toBe(200);
  return response.json<MeResponse>();
}

function setFlags(organizationId: number, payload: unknown, headers: Record<string, string> = internalHeaders) {
  return inject({ method: 'POST', url: `/internal/organizations/${organizationId}/flags`, headers, payload: payload as object });
}

describe('organization flags', () => {
  it('starts without the add-on in the default region, on /auth/me and /admin/organizations', async () => {
    const { token } = await signUp(service);
    const { organizations } = await me(token);
    expect(organizations).toEqual([expect.objectContaining({ hasConversionKit: false, dataRegion: null, billingStatus: 'active' })]);
    const listed = await inject({ method: 'GET', url: '/admin/organizations', headers: cookieHeader(token) });
    expect(listed.json().organizations[0]).toMatchObject({ hasConversionKit: false, dataRegion: null });
  });

  it('lets an operator turn the add-on on and place the organization in EU_AGENT, each flag on its own', async () => {
    const { token } = await signUp(service);
    const organizationId = (await me(token)).organizations[0]!.id;

    const kit = await setFlags(organizationId, { hasConversionKit: true });
    expect(kit.statusCode).toBe(200);
    expect(kit.json().organization).toMatchObject({ id: organizationId, hasConversionKit: true, dataRegion: null });

    const region = await setFlags(organizationId, { dataRegion: 'EU_AGENT' });
    expect(region.json().organization).toMatchObject({ hasConversionKit: true, dataRegion: 'EU_AGENT' });
    expect((await me(token)).organizations[0]).toMatchObject({ hasConversionKit: true, dataRegion: 'EU_AGENT' });

    // The region travels in the access token the other services verify; the default region leaves it out.
    expect(decodeJwt(await exchange(service, token)).reg).toBe('EU_AGENT');
    await setFlags(organizationId, { dataRegion: null });
    expect(decodeJwt(await exchange(service, token)).reg).toBeUndefined();
    expect((await me(token)).organizations[0]).toMatchObject({ hasConversionKit: true, dataRegion: null });
  });

  it("records the billing record's past-due state for every member to see, and its return to active", async () => {
    const { token } = await signUp(service);
    const organizationId = (await me(token)).organizations[0]!.id;
    const pastDue = await setFlags(organizationId, { billingStatus: 'past_due' });
    expect(pastDue.statusCode).toBe(200);
    expect(pastDue.json().organization).toMatchObject({ billingStatus: 'past_due', hasConversionKit: false });
    expect((await me(token)).organizations[0]!.billingStatus).toBe('past_due');

    const bad = await setFlags(organizationId, { billingStatus: 'overdue' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.details[0].path).toBe('body.billingStatus');

    await setFlags(organizationId, { billingStatus: 'active' });
    expect((await me(token)).organizations[0]!.billingStatus).toBe('active');
  });

  it('turns product features on and off for the organization (the list replaces the stored one), refusing unknown names', async () => {
    const { token } = await signUp(service);
    const organizationId = (await me(token)).organizations[0]!.id;
    expect((await me(token)).organizations[0]!.features).toEqual([]);
    const on = await setFlags(organizationId, { features: ['database', 'database'] });
    expect(on.statusCode).toBe(200);
    expect(on.json().organization.features).toEqual(['database']);
    expect((await me(token)).organizations[0]!.features).toEqual(['database']);
    // Other flags keep the features.
    await setFlags(organizationId, { hasConversionKit: true });
    expect((await me(token)).organizations[0]!.features).toEqual(['database']);

    const unknown = await setFlags(organizationId, { features: ['teleport'] });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.details[0].path).toBe('body.features.0');
    await setFlags(organizationId, { features: [] });
    expect((await me(token)).organizations[0]!.features).toEqual([]);
  });

  it('refuses callers without the internal token, unknown regions and unknown organizations', async () => {
    const { token } = await signUp(service);
    const organizationId = (await me(token)).organizations[0]!.id;
    expect((await setFlags(organizationId, { hasConversionKit: true }, cookieHeader(token))).statusCode).toBe(401);
    expect((await me(token)).organizations[0]!.hasConversionKit).toBe(false);

    const badRegion = await setFlags(organizationId, { dataRegion: 'MARS' });
    expect(badRegion.statusCode).toBe(400);
    expect(badRegion.json().error.details[0].path).toBe('body.dataRegion');

    const unknown = await setFlags(999_999, { hasConversionKit: true });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.message).toBe(copy.auth.organizationNotFound);
  });
});

describe('POST /billing/session/conversionkit', () => {
  function checkout(token: string | null, payload: unknown) {
    return inject({ method: 'POST', url: '/billing/session/conversionkit', headers: token ? cookieHeader(token) : {}, payload: payload as object });
  }

  it("answers the embedded provider's checkout page with the chosen lead count", async () => {
    const { token } = await signUp(service);
    const response = await checkout(token, { leadsCount: 300 });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ url: '/home/settings?checkout=conversionkit&leadsCount=300' });
  });

  it('refuses bad lead counts with 400, anonymous callers with 401 and non-admins with 403', async () => {
    const { token } = await signUp(service);
    for (const leadsCount of [0, -5, 1.5, '300', 10_000_001]) {
      const response = await checkout(token, { leadsCount });
      expect(response.statusCode).toBe(400);
      expect(response.json().error.details[0].path).toBe('body.leadsCount');
    }
    expect((await checkout(null, { leadsCount: 300 })).statusCode).toBe(401);

    const organizationId = (await me(token)).organizations[0]!.id;
    const body = newPerson({ firstName: 'Member' });
    const created = await inject({ method: 'POST', url: `/internal/organizations/${organizationId}/users`, headers: internalHeaders, payload: body });
    expect(created.json<{ user: User }>().user.isAdmin).toBe(false);
    const login = await inject({ method: 'POST', url: '/auth/login', payload: { email: body.email, password: body.password } });
    const member = await checkout(sessionCookieOf(login)!, { leadsCount: 300 });
    expect(member.statusCode).toBe(403);
    expect(member.json().error.message).toBe(copy.auth.adminOnly);
  });
});
