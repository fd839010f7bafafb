/**
 * New passwords (`src/domain/password-strength.ts`; OWASP ASVS 2.1): common, breached, trivially guessable
 * and context-specific passwords are refused at sign-up and at the internal user creation, with a 400 at
 * `body.password` and nothing stored; long passphrases, any characters, no composition rules are accepted.
 */
import * as copy from '@formloom/contracts/copy';
import type { MeResponse } from '@formloom/contracts/api/workspaces-auth/auth';
import { build, cookieHeader, countRows, internalHeaders, newPerson, nextAddress, signUp, type Service } from './helpers';

let service: Service;
beforeAll(async () => {
  service = await build();
});
afterAll(async () => {
  await service.close();
});

function signupWith(overrides: Parameters<typeof newPerson>[0]) {
  return service.app.inject({ method: 'POST', url: '/auth/signup', payload: newPerson(overrides), remoteAddress: nextAddress() });
}

function passwordError(message: string) {
  return { error: { code: 'validation_error', message: copy.errors.validation, details: [{ path: 'body.password', message }] } };
}

describe('sign-up', () => {
  it.each([
    ['password', 'password'],
    ['12345678', '12345678'],
    ['eight spaces', '        '],
    ['a breached classic', 'P@ssw0rd2024'],
    ['a keyboard walk', 'qwertyuiop'],
  ])('refuses %s as too easy to guess, storing nothing', async (_name, password) => {
    const users = await countRows(service, 'users');
    const response = await signupWith({ password });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(passwordError(copy.auth.passwordTooWeak));
    expect(await countRows(service, 'users')).toBe(users);
  });

  it('refuses the email address itself, and the name, as personal', async () => {
    const email = 'grace.hopper@example.com';
    for (const password of [email, 'gracehopper', 'Hopper1906']) {
      const response = await signupWith({ email, firstName: 'Grace', lastName: 'Hopper', password });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual(passwordError(copy.auth.passwordContainsPersonalInfo));
    }
  });

  it('accepts passphrases of any characters and length up to the maximum, without composition rules', async () => {
    for (const password of ['correct horse battery', 'zebra cactus violin', 'ünïcödé-çàfé-økologisk', 'a'.repeat(10) + ' long enough sentence that is fine '.repeat(5)]) {
      expect((await signupWith({ password })).statusCode).toBe(201);
    }
  });
});

describe('internal user creation', () => {
  it('applies the same rule', async () => {
    const { token } = await signUp(service);
    const me = await service.app.inject({ method: 'GET', url: '/auth/me', headers: cookieHeader(token) });
    const organizationId = me.json<MeResponse>().organizations[0]!.id;
    const create = (password: string) =>
      service.app.inject({
        method: 'POST',
        url: `/internal/organizations/${organizationId}/users`,
        headers: internalHeaders,
        payload: newPerson({ password }),
      });

    const users = await countRows(service, 'users');
    const weak = await create('password');
    expect(weak.statusCode).toBe(400);
    expect(weak.json()).toEqual(passwordError(copy.auth.passwordTooWeak));
    expect(await countRows(service, 'users')).toBe(users);
    expect((await create('zebra cactus violin')).statusCode).toBe(201);
  });
});
