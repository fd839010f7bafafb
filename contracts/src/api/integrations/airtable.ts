/**
 * Airtable's schema calls (spec 001 §7 "Service calls (GET, all with serviceId as a query parameter)" — the spec lists
 * other services'; these paths follow them): the bases an Airtable account reaches and a base's tables with their
 * fields, for the Airtable step's and integration's pickers (spec 001 §2 "pick a schema and table", Airtable's ids
 * `baseId`, `tableId`). The integrations service asks Airtable's meta API with the account's token.
 */
import { z } from 'zod';
import * as copy from '../../copy';
import { defineEndpoint, errorResponse, okResponse } from '../endpoint';

/** `?serviceId`: the organization's Airtable connection to ask with. */
export const AirtableBasesQuery = z.object({ serviceId: z.uuid({ error: copy.integrations.serviceNotFound }) });
/** `?serviceId&baseId`. */
export const AirtableTablesQuery = AirtableBasesQuery.extend({ baseId: z.string().regex(/^app\w+$/, { error: copy.integrationNodes.unknownBase }) });

/** A base: Airtable's id (`app…`), name and the account's permission level on it. */
export const AirtableBase = z.object({ id: z.string(), name: z.string(), permissionLevel: z.string() });
/** A field of a table: Airtable's id (`fld…`), name and type (`singleLineText`, `email`, `number` …). */
export const AirtableField = z.object({ id: z.string(), name: z.string(), type: z.string() });
/** A table: Airtable's id (`tbl…`), name, its primary field's id, and its fields. */
export const AirtableTable = z.object({ id: z.string(), name: z.string(), primaryFieldId: z.string(), fields: z.array(AirtableField) });
/** See {@link AirtableTable}. */
export type AirtableTable = z.infer<typeof AirtableTable>;

const failures = {
  400: errorResponse('The connection is not an Airtable account.'),
  404: errorResponse(`'${copy.integrations.serviceNotFound}' (also another organization's), or the base is not reachable.`),
  422: errorResponse("Airtable refused the credentials ('Airtable did not accept these credentials: …'; the connection is marked broken)."),
  503: errorResponse('Airtable could not be reached or limits requests.'),
};

/** `GET /v1/admin/services/airtable/bases?serviceId` (ours): every base the account reaches, as Airtable lists them. */
export const listAirtableBases = defineEndpoint({
  id: 'services.airtable.bases',
  service: 'integrations',
  method: 'GET',
  path: '/v1/admin/services/airtable/bases',
  access: 'session',
  summary: 'The bases of an Airtable account',
  tags: ['services'],
  query: AirtableBasesQuery,
  responses: { 200: okResponse(z.object({ bases: z.array(AirtableBase) })), ...failures },
});

/** `GET /v1/admin/services/airtable/tables?serviceId&baseId` (ours): a base's tables with their fields. */
export const listAirtableTables = defineEndpoint({
  id: 'services.airtable.tables',
  service: 'integrations',
  method: 'GET',
  path: '/v1/admin/services/airtable/tables',
  access: 'session',
  summary: 'The tables of an Airtable base',
  tags: ['services'],
  query: AirtableTablesQuery,
  responses: { 200: okResponse(z.object({ tables: z.array(AirtableTable) })), ...failures },
});
