/**
 * One-time notices (spec 000 §2 "A LinkedIn follow banner is shown once per user and can be dismissed";
 * `POST /admin/notices/:notice/dismiss`): a user starts with none dismissed; dismissing one is remembered for that user
 * alone, on `GET /auth/me`, and dismissing twice changes nothing; unknown notices and anonymous callers are refused.
 */
import { dismissNotice } from '@formloom/contracts/api/workspaces-auth/auth';
import { endpointRequest } from '@formloom/kit/testing';
import { build, cookieHeader, meOf, signUp, type Service } from './helpers';

let service: Service;
beforeAll(async () => {
  service = await build();
});
afterAll(async () => {
  await service.close();
});

const me = (token: string) => meOf(service, token);

function dismiss(token: string | null, notice: string) {
  return service.app.inject(
    endpointRequest(dismissNotice, { headers: token ? cookieHeader(token) : {}, params: { notice: notice as 'linkedin_follow' } }),
  );
}

it("remembers a dismissed notice for that user only, once", async () => {
  const ada = await signUp(service, { firstName: 'Ada' });
  const grace = await signUp(service, { firstName: 'Grace' });
  expect((await me(ada.token)).dismissedNotices).toEqual([]);

  const first = await dismiss(ada.token, 'linkedin_follow');
  expect(first.statusCode).toBe(200);
  expect(first.json()).toEqual({ dismissedNotices: ['linkedin_follow'] });
  expect((await dismiss(ada.token, 'linkedin_follow')).json()).toEqual({ dismissedNotices: ['linkedin_follow'] });
  expect((await me(ada.token)).dismissedNotices).toEqual(['linkedin_follow']);
  expect((await me(grace.token)).dismissedNotices).toEqual([]);
});

it('refuses an unknown notice and an anonymous caller', async () => {
  const ada = await signUp(service);
  expect((await dismiss(ada.token, 'popup')).statusCode).toBe(400);
  expect((await dismiss(null, 'linkedin_follow')).statusCode).toBe(401);
  expect((await me(ada.token)).dismissedNotices).toEqual([]);
});
