/**
 * Address confirmation (`src/domain/email-verification.ts`, `src/domain/system-mail.ts`, the `/auth/verifyEmail`
 * routes): a new account starts unconfirmed with its confirmation mail queued in the same transaction; the
 * mailed link confirms it once, before it expires, and only for the address it was sent to; a new link replaces
 * the old; the system-mail worker delivers over SMTP (a local SMTP server at the network edge), retries a failure
 * and keeps no link once sent.
 */
import { sql } from 'drizzle-orm';
import { resendVerification, verifyEmail, getMe } from '@formloom/contracts/api/workspaces-auth/auth';
import * as copy from '@formloom/contracts/copy';
import { PRODUCT_NAME } from '@formloom/contracts/copy';
import { EMAIL_VERIFICATION_RESEND_MAX } from '@formloom/contracts/limits';
import { rowsOf } from '@formloom/kit/db';
import { endpointRequest } from '@formloom/kit/testing';
import { startSmtpServer, type TestSmtpServer } from '@formloom/kit/testing-smtp';
import { build, cookieHeader, signUp, type Service } from './helpers';

/** Retries `assertion` every 50 ms until it passes; after 10 s its last failure is thrown. */
async function eventually(assertion: () => unknown): Promise<void> {
  for (let attempt = 0; ; attempt += 1) {
    try {
      await assertion();
      return;
    } catch (error) {
      if (attempt >= 200) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
}

const PUBLIC_URL = 'https://forms.example.com';

interface MailRow {
  to_address: string;
  subject: string;
  text_body: string;
  sent_at: Date | string | null;
  due_at: Date | string | null;
  attempts: number;
}

async function mailRows(service: Service): Promise<MailRow[]> {
  return rowsOf<MailRow>(await service.ctx.db.execute(sql`SELECT * FROM system_mail ORDER BY id`));
}

/** The token of the last link mailed to `email` (from the queued message's text). */
async function lastLinkTo(service: Service, email: string): Promise<URL> {
  const rows = (await mailRows(service)).filter((row) => row.to_address === email);
  const text = rows.at(-1)?.text_body ?? '';
  const match = /https?:\/\/\S+/.exec(text);
  if (!match) throw new Error(`no link mailed to ${email}: ${JSON.stringify(rows)}`);
  return new URL(match[0]);
}

async function verify(service: Service, token: string) {
  return service.app.inject(endpointRequest(verifyEmail, { body: { token } }));
}

async function resend(service: Service, session: string) {
  return service.app.inject(endpointRequest(resendVerification, { headers: cookieHeader(session) }));
}

async function meOf(service: Service, session: string) {
  const response = await service.app.inject(endpointRequest(getMe, { headers: cookieHeader(session) }));
  return response.json<{ user: { emailVerified: boolean } }>().user;
}

describe('confirming an address', () => {
  let service: Service;
  beforeEach(async () => {
    service = await build({ PUBLIC_URL });
  });
  afterEach(async () => {
    await service.close();
  });

  it('starts unconfirmed, with the confirmation mail queued to the address', async () => {
    const { user, token, body } = await signUp(service, { firstName: 'Grace' });
    expect(user.emailVerified).toBe(false);
    expect((await meOf(service, token)).emailVerified).toBe(false);

    const [mail] = await mailRows(service);
    expect(mail).toMatchObject({ to_address: body.email, subject: copy.auth.verifyEmailSubject(PRODUCT_NAME), sent_at: null });
    expect(mail!.text_body).toMatch(/^Hi Grace,/);
    const link = await lastLinkTo(service, body.email);
    expect(`${link.origin}${link.pathname}`).toBe(`${PUBLIC_URL}/verify-email`);
    expect(link.searchParams.get('token')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // Only the token's hash is stored.
    const stored = rowsOf<{ token_hash: string }>(await service.ctx.db.execute(sql`SELECT token_hash FROM email_verifications`));
    expect(stored).toHaveLength(1);
    expect(stored[0]!.token_hash).not.toContain(link.searchParams.get('token'));
  });

  it('confirms with the mailed link, signed out, once', async () => {
    const { token: session, body } = await signUp(service);
    const token = (await lastLinkTo(service, body.email)).searchParams.get('token')!;

    const confirmed = await verify(service, token);
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toMatchObject({ user: { email: body.email, emailVerified: true } });
    expect((await meOf(service, session)).emailVerified).toBe(true);

    const again = await verify(service, token);
    expect(again.statusCode).toBe(400);
    expect(again.json().error.message).toBe(copy.auth.verificationLinkInvalid);
  });

  it('refuses an unknown or expired link, and a link sent to an address the user no longer has', async () => {
    const { user, body } = await signUp(service);
    const token = (await lastLinkTo(service, body.email)).searchParams.get('token')!;
    expect((await verify(service, 'x'.repeat(43))).statusCode).toBe(400);

    await service.ctx.db.execute(sql`UPDATE email_verifications SET expires_at = now() - interval '1 second'`);
    expect((await verify(service, token)).json().error.message).toBe(copy.auth.verificationLinkInvalid);

    await service.ctx.db.execute(sql`UPDATE email_verifications SET expires_at = now() + interval '1 hour'`);
    await service.ctx.db.execute(sql`UPDATE users SET email = 'other@example.com' WHERE id = ${user.id}`);
    expect((await verify(service, token)).statusCode).toBe(400);
    const verified = rowsOf<{ verified: boolean }>(
      await service.ctx.db.execute(sql`SELECT email_verified_at IS NOT NULL AS verified FROM users WHERE id = ${user.id}`),
    );
    expect(verified[0]!.verified).toBe(false);
  });

  it('sends a new link on request, which replaces the old one, within a limit', async () => {
    const { token: session, body } = await signUp(service);
    const first = (await lastLinkTo(service, body.email)).searchParams.get('token')!;

    const response = await resend(service, session);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ email: body.email });
    const second = (await lastLinkTo(service, body.email)).searchParams.get('token')!;
    expect(second).not.toBe(first);
    expect((await verify(service, first)).statusCode).toBe(400);

    for (let i = 1; i < EMAIL_VERIFICATION_RESEND_MAX; i += 1) expect((await resend(service, session)).statusCode).toBe(200);
    const refused = await resend(service, session);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);

    const latest = (await lastLinkTo(service, body.email)).searchParams.get('token')!;
    expect((await verify(service, latest)).statusCode).toBe(200);
  });

  it('refuses a new link for a confirmed address, and one asked for signed out', async () => {
    const { token: session, body } = await signUp(service);
    await verify(service, (await lastLinkTo(service, body.email)).searchParams.get('token')!);
    const confirmed = await resend(service, session);
    expect(confirmed.statusCode).toBe(409);
    expect(confirmed.json().error.message).toBe(copy.auth.emailAlreadyVerified);
    expect((await service.app.inject(endpointRequest(resendVerification))).statusCode).toBe(401);
  });
});

describe('the system-mail worker', () => {
  let smtp: TestSmtpServer;
  beforeEach(async () => {
    smtp = await startSmtpServer();
  });
  afterEach(async () => {
    await smtp.close();
  });

  it('delivers the confirmation over SMTP and keeps no link once sent', async () => {
    const service = await build({ PUBLIC_URL, SMTP_URL: smtp.url, MAIL_FROM: 'hello@forms.example.com' });
    try {
      await service.start();
      const { body } = await signUp(service);
      await eventually(() => expect(smtp.received).toHaveLength(1));
      const [mail] = smtp.received;
      expect(mail).toMatchObject({ from: 'hello@forms.example.com', to: [body.email] });
      expect(mail!.data).toContain(`${PUBLIC_URL}/verify-email?token=`);
      await eventually(async () => {
        const [row] = await mailRows(service);
        expect(row).toMatchObject({ text_body: '', due_at: null, attempts: 1 });
        expect(row!.sent_at).not.toBeNull();
      });
    } finally {
      await service.close();
    }
  });

  it('tries a refused message again later instead of losing it', async () => {
    const service = await build({ PUBLIC_URL, SMTP_URL: smtp.url });
    try {
      await service.start();
      // The test server refuses recipients whose address contains `reject`.
      const { body } = await signUp(service, { email: `reject-${Date.now()}@example.com` });
      await eventually(async () => {
        const [row] = await mailRows(service);
        expect(row).toMatchObject({ to_address: body.email, attempts: 1, sent_at: null });
        expect(new Date(row!.due_at!).getTime()).toBeGreaterThan(Date.now() + 30_000);
        expect(row!.text_body).toContain('/verify-email?token=');
      });
    } finally {
      await service.close();
    }
  });
});
