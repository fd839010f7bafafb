/**
 * A fake of Airtable's Web API (https://airtable.com/developers/web/api) on 127.0.0.1 (`fake-server.ts`): personal
 * access tokens as `Authorization: Bearer`, `GET /v0/meta/whoami`, the meta API's `GET /v0/meta/bases` (paged by
 * `offset`) and `GET /v0/meta/bases/{baseId}/tables`, and Airtable's error bodies — 401
 * `{"error": {"type": "AUTHENTICATION_REQUIRED", "message": "Authentication required"}}`, 404 `{"error": "NOT_FOUND"}`,
 * 429 `{"errors": [{"error": "RATE_LIMIT_REACHED", …}]}` (Airtable asks clients to wait 30 seconds).
 */
import { startFakeProvider, type FakeProvider } from './fake-server';

/** The account a token belongs to (`whoami`'s answer). */
export interface FakeAirtableAccount {
  id: string;
  email?: string;
  scopes: string[];
}

/** A field of a fake table. */
export interface FakeAirtableField {
  id: string;
  name: string;
  type: string;
}

/** A base of the fake, with its tables. */
export interface FakeAirtableBase {
  id: string;
  name: string;
  permissionLevel: string;
  tables: { id: string; name: string; primaryFieldId: string; fields: FakeAirtableField[] }[];
}

/** A running fake Airtable: its bases (every valid token reaches them), listed `basesPageSize` at a time. */
export interface FakeAirtable extends FakeProvider<FakeAirtableAccount> {
  bases: FakeAirtableBase[];
  basesPageSize: number;
}

/** The fake's bases at start: a CRM base with a Leads table, and a Hiring base. */
export function fakeAirtableBases(): FakeAirtableBase[] {
  return [
    {
      id: 'appCRM0000000001',
      name: 'CRM',
      permissionLevel: 'create',
      tables: [
        {
          id: 'tblLeads00000001',
          name: 'Leads',
          primaryFieldId: 'fldName000000001',
          fields: [
            { id: 'fldName000000001', name: 'Name', type: 'singleLineText' },
            { id: 'fldEmail00000001', name: 'Email', type: 'email' },
            { id: 'fldPlan000000001', name: 'Plan', type: 'singleSelect' },
          ],
        },
        { id: 'tblCompanies0001', name: 'Companies', primaryFieldId: 'fldCompany000001', fields: [{ id: 'fldCompany000001', name: 'Company', type: 'singleLineText' }] },
      ],
    },
    { id: 'appHiring0000001', name: 'Hiring', permissionLevel: 'edit', tables: [] },
  ];
}

/** Starts a fake Airtable (no valid token until `addToken`). */
export async function startFakeAirtable(): Promise<FakeAirtable> {
  const fake = (await startFakeProvider<FakeAirtableAccount>(
    {
      unauthorized: () => ({ status: 401, body: { error: { type: 'AUTHENTICATION_REQUIRED', message: 'Authentication required' } } }),
      rateLimited: (seconds) => ({
        status: 429,
        body: { errors: [{ error: 'RATE_LIMIT_REACHED', message: 'Rate limit exceeded. Please try again later' }] },
        headers: { 'retry-after': String(seconds) },
      }),
      notFound: () => ({ status: 404, body: { error: 'NOT_FOUND' } }),
    },
    (fake) => [
      {
        method: 'GET',
        path: '/v0/meta/whoami',
        handle: (request) => {
          const account = fake.accountOf(request.token)!;
          return { status: 200, body: { id: account.id, scopes: account.scopes, ...(account.email ? { email: account.email } : {}) } };
        },
      },
      {
        method: 'GET',
        path: '/v0/meta/bases',
        handle: (request) => {
          const self = fake as FakeAirtable;
          const start = Number(request.query.get('offset') ?? 0);
          const page = self.bases.slice(start, start + self.basesPageSize);
          const next = start + self.basesPageSize < self.bases.length ? String(start + self.basesPageSize) : undefined;
          return { status: 200, body: { bases: page.map(({ id, name, permissionLevel }) => ({ id, name, permissionLevel })), ...(next ? { offset: next } : {}) } };
        },
      },
      {
        method: 'GET',
        path: '/v0/meta/bases/:baseId/tables',
        handle: (_request, params) => {
          const base = (fake as FakeAirtable).bases.find((candidate) => candidate.id === params.baseId);
          if (!base) {
            return {
              status: 403,
              body: { error: { type: 'INVALID_PERMISSIONS_OR_MODEL_NOT_FOUND', message: 'Invalid permissions, or the requested model was not found.' } },
            };
          }
          return { status: 200, body: { tables: base.tables } };
        },
      },
    ],
  )) as FakeAirtable;
  fake.bases = fakeAirtableBases();
  fake.basesPageSize = 100;
  return fake;
}
