/**
 * The small-screen reminder (`POST /admin/mobileEmail`, spec 000 §7, §9; `src/domain/mobile-reminder.ts`): a signed-in
 * user gets one mail with a link to the dashboard on the product's public address; asking again sends nothing more;
 * two taps at once still send one; without a session it is 401.
 */
import { sql } from 'drizzle-orm';
import { sendMobileEmail } from '@formloom/contracts/api/workspaces-auth/admin';
import * as copy from '@formloom/contracts/copy';
import { PRODUCT_NAME } from '@formloom/contracts/copy';
import { rowsOf } from '@formloom/kit/db';
import { endpointRequest } from '@formloom/kit/testing';
import { build, cookieHeader, signUp, type Service } from './helpers';

const PUBLIC_URL = 'https://forms.example.com';

/** The queued reminder mails (the sign-up's confirmation mail left out). */
async function reminders(service: Service): Promise<{ to_address: string; subject: string; text_body: string; html_body: string }[]> {
  const rows = rowsOf<{ to_address: string; subject: string; text_body: string; html_body: string }>(
    await service.ctx.db.execute(sql`SELECT to_address, subject, text_body, html_body FROM system_mail ORDER BY id`),
  );
  return rows.filter((row) => row.subject === copy.auth.mobileEmailSubject(PRODUCT_NAME));
}

function remind(service: Service, session?: string) {
  return service.app.inject(endpointRequest(sendMobileEmail, session ? { headers: cookieHeader(session) } : {}));
}

let service: Service;
beforeEach(async () => {
  service = await build({ PUBLIC_URL });
});
afterEach(async () => {
  await service.close();
});

it("mails the user a link to the dashboard on the product's address, once", async () => {
  const { token, body } = await signUp(service, { firstName: 'Hedy' });

  const first = await remind(service, token);
  expect(first.statusCode).toBe(200);
  expect(first.json()).toEqual({ email: body.email, alreadySent: false });
  const [mail, ...more] = await reminders(service);
  expect(more).toHaveLength(0);
  expect(mail).toMatchObject({ to_address: body.email });
  expect(mail!.text_body).toMatch(/^Hi Hedy,/);
  expect(mail!.text_body).toContain(`${PUBLIC_URL}/home`);
  expect(mail!.html_body).toContain(`href="${PUBLIC_URL}/home"`);

  const again = await remind(service, token);
  expect(again.statusCode).toBe(200);
  expect(again.json()).toEqual({ email: body.email, alreadySent: true });
  expect(await reminders(service)).toHaveLength(1);
});

it('sends one mail for two requests at once, and each user their own', async () => {
  const ada = await signUp(service);
  const grace = await signUp(service);
  const answers = await Promise.all([remind(service, ada.token), remind(service, ada.token), remind(service, grace.token)]);
  expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200]);
  expect(answers.slice(0, 2).map((answer) => answer.json().alreadySent).sort()).toEqual([false, true]);
  expect((await reminders(service)).map((mail) => mail.to_address).sort()).toEqual([ada.body.email, grace.body.email].sort());
});

it('asks for a session', async () => {
  const response = await remind(service);
  expect(response.statusCode).toBe(401);
  expect(await reminders(service)).toHaveLength(0);
});
