import Fastify from 'fastify';
import { SERVICES } from '@formloom/contracts/services';
import { buildGateway } from '@formloom/gateway/app';
async function main() {
  const up = Fastify();
  up.post('/public/flows/:id/submit', async (_r, reply) => reply.code(201).send({ ok: 1 }));
  await up.listen({ port: 0, host: '127.0.0.1' });
  const url = `http://127.0.0.1:${(up.server.address() as any).port}`;
  const gw = await buildGateway({ services: Object.fromEntries(SERVICES.map((s) => [s, url])) as any, internalToken: 'x'.repeat(32), logger: { level: 'warn' }, routes: [{ prefix: '/public/flows', service: 'flows' }] });
  const r = await gw.inject({ method: 'POST', url: '/public/flows/abc/submit', headers: { 'content-type': 'application/json' }, payload: '{"a":1}' });
  console.log(r.statusCode, r.headers, r.body);
  await gw.close(); await up.close();
}
void main();
