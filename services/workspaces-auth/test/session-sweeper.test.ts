/**
 * The session sweeper (`src/workers.ts`): expired sessions are deleted in batches by a worker the service
 * starts, whoever they belong to; live sessions stay and keep working.
 */
import { sql } from 'drizzle-orm';
import { rowsOf } from '@formloom/kit/db';
import { sessionSweeper } from '../src/workers';
import { build, cookieHeader, eventually, signUp, type Service } from './helpers';

let service: Service;
beforeEach(async () => {
  service = await build();
});
afterEach(async () => {
  await service.close();
});

async function sessionCounts(): Promise<{ expired: number; live: number }> {
  const [row] = rowsOf<{ expired: number; live: number }>(
    await service.ctx.db.execute(sql`
      SELECT count(*) FILTER (WHERE expires_at <= now())::int AS expired, count(*) FILTER (WHERE expires_at > now())::int AS live
      FROM sessions`),
  );
  return row!;
}

it('runs with the service and deletes the expired sessions of users who never come back', async () => {
  const gone = [await signUp(service), await signUp(service)];
  const staying = await signUp(service);
  for (const { user } of gone) {
    await service.ctx.db.execute(sql`UPDATE sessions SET expires_at = now() - interval '1 day' WHERE user_id = ${user.id}`);
  }
  expect(await sessionCounts()).toEqual({ expired: 2, live: 1 });

  await service.start();
  await eventually(async () => (await sessionCounts()).expired === 0);
  expect(await sessionCounts()).toEqual({ expired: 0, live: 1 });
  const me = await service.app.inject({ method: 'GET', url: '/auth/me', headers: cookieHeader(staying.token) });
  expect(me.statusCode).toBe(200);
});

it('deletes in batches until none is left', async () => {
  for (let i = 0; i < 5; i++) await signUp(service);
  await service.ctx.db.execute(sql`UPDATE sessions SET expires_at = now() - interval '1 second'`);
  const live = await signUp(service);

  const sweeper = sessionSweeper(service.ctx, { batchSize: 2 });
  sweeper.start();
  try {
    await eventually(async () => (await sessionCounts()).expired === 0);
  } finally {
    await sweeper.stop();
  }
  expect(await sessionCounts()).toEqual({ expired: 0, live: 1 });
  expect((await service.app.inject({ method: 'GET', url: '/auth/me', headers: cookieHeader(live.token) })).statusCode).toBe(200);
});
