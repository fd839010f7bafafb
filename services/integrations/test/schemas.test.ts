/**
 * Airtable's schema calls (`GET /v1/admin/services/airtable/bases|tables`; domain/schemas.ts): the bases an account
 * reaches (all of Airtable's pages), a base's tables with their fields, and the refusals a picker shows — a base the
 * token does not reach, another organization's or another service's connection, a revoked token (which also marks
 * the connection broken).
 */
import { listAirtableBases, listAirtableTables } from '@formloom/contracts/api/integrations/airtable';
import { createService, getService } from '@formloom/contracts/api/integrations/services';
import * as copy from '@formloom/contracts/copy';
import { AIRTABLE_TOKEN, NOTION_TOKEN, startHarness, type Harness } from './helpers';

let h: Harness;
let serviceId: string;
beforeEach(async () => {
  h = await startHarness();
  serviceId = (await h.call('member', createService, { body: { serviceType: 'airtable', config: { apiKey: AIRTABLE_TOKEN } } })).body.service.id;
});
afterEach(async () => {
  await h.close();
});

it('lists every base across Airtable\'s pages, and a base\'s tables with their fields', async () => {
  h.airtable.basesPageSize = 1;
  const bases = await h.call('colleague', listAirtableBases, { query: { serviceId } });
  expect(bases.status).toBe(200);
  expect(bases.body.bases).toEqual([
    { id: 'appCRM0000000001', name: 'CRM', permissionLevel: 'create' },
    { id: 'appHiring0000001', name: 'Hiring', permissionLevel: 'edit' },
  ]);
  expect(h.airtable.requests.filter((request) => request.path === '/v0/meta/bases').map((request) => request.query.get('offset'))).toEqual([null, '1']);

  const tables = await h.call('colleague', listAirtableTables, { query: { serviceId, baseId: 'appCRM0000000001' } });
  expect(tables.body.tables.map((table: { name: string }) => table.name)).toEqual(['Leads', 'Companies']);
  expect(tables.body.tables[0]).toMatchObject({ id: 'tblLeads00000001', primaryFieldId: 'fldName000000001', fields: [{ name: 'Name', type: 'singleLineText' }, { name: 'Email', type: 'email' }, { name: 'Plan', type: 'singleSelect' }] });
});

it('answers what a picker shows for a base out of reach, a foreign or other connection, and a revoked token', async () => {
  const unknown = await h.call('member', listAirtableTables, { query: { serviceId, baseId: 'appNotMine000001' } });
  expect(unknown.status).toBe(404);
  expect(unknown.body.error.message).toBe(copy.integrations.requestRefused('Airtable', 'Invalid permissions, or the requested model was not found.'));
  expect((await h.call('outsider', listAirtableBases, { query: { serviceId } })).status).toBe(404);
  const notion = (await h.call('member', createService, { body: { serviceType: 'notion', config: { token: NOTION_TOKEN } } })).body.service.id;
  expect((await h.call('member', listAirtableBases, { query: { serviceId: notion } })).status).toBe(400);

  h.airtable.revoke(AIRTABLE_TOKEN);
  const revoked = await h.call('member', listAirtableBases, { query: { serviceId } });
  expect(revoked.status).toBe(422);
  expect(revoked.body.error.message).toBe(copy.integrations.credentialsRejected('Airtable', 'Authentication required'));
  expect((await h.call('member', getService, { params: { serviceId } })).body.service.status).toBe('broken');
});
