/**
 * The `googlesheets` node (spec 001 §3 `{integrationId, serviceId, serviceType 'googlesheets', config {action
 * create, update or findAll; spreadsheetId; sheetId (number); row (column to value map); offset and limit (each a
 * logic value)}}`, §4 "incomplete with no account ('select an account'), no spreadsheet ('select a spreadsheet') or a
 * non-numeric sheet ('select a sheet'); otherwise complete, described as Create record, Get records or Update
 * record", §6 its editor runs only in the app-builder context — so the type serves app flows only). A sheet id is a
 * number (Google's `sheetId`; 0 is the first sheet), or its digits as text. Its executor comes with the integrations
 * service (`./integration.ts`); the web's card and panel are `web/src/features/workflows/nodes/googlesheets.tsx`.
 */
import { z } from 'zod';
import * as copy from '../../copy';
import { LogicValue } from '../../logic-schemas';
import { defineNode, field } from '../define';
import { AccountRef, accountErrors, describeRecordAction, isChosen, RecordValues } from './integration';

/** spec 001 §3: the googlesheets actions. */
export const GoogleSheetsAction = z.enum(['create', 'update', 'findAll']);

/** A sheet id: a whole number ≥ 0, or its digits as text. */
export const SheetId = z.union([z.number().int().min(0), z.string().regex(/^\d+$/)]);

/** True when `value` is a sheet id ({@link SheetId}): spec 001 §4 "a non-numeric sheet" is incomplete. */
export function isSheetId(value: unknown): boolean {
  return SheetId.safeParse(value).success;
}

/** spec 001 §3: the googlesheets node template. */
export const GoogleSheetsNodeTemplate = z.object({
  integrationId: AccountRef,
  serviceId: AccountRef,
  serviceType: z.literal('googlesheets'),
  config: z.object({
    action: GoogleSheetsAction,
    spreadsheetId: z.string().max(200).optional(),
    sheetId: SheetId.nullable().optional(),
    row: RecordValues.optional(),
    offset: LogicValue.optional(),
    limit: LogicValue.optional(),
  }),
});
/** A googlesheets node template. */
export type GoogleSheetsNodeTemplate = z.infer<typeof GoogleSheetsNodeTemplate>;

/** The googlesheets node (see the module doc). Default template: add a row, with no account, spreadsheet or sheet. */
export const googleSheetsNode = defineNode({
  type: 'googlesheets',
  schema: GoogleSheetsNodeTemplate,
  defaultTemplate: (): GoogleSheetsNodeTemplate => ({
    integrationId: null,
    serviceId: null,
    serviceType: 'googlesheets',
    config: { action: 'create', spreadsheetId: '', sheetId: null, row: {} },
  }),
  rules: (template) => {
    const account = accountErrors(template, { integration: true });
    if (account.length > 0) return account;
    const config = field(template, 'config');
    if (!isChosen(field(config, 'spreadsheetId'))) return [{ path: 'config.spreadsheetId', message: copy.integrationNodes.selectSpreadsheet }];
    if (!isSheetId(field(config, 'sheetId'))) return [{ path: 'config.sheetId', message: copy.integrationNodes.selectSheet }];
    return [];
  },
  describe: (template) => describeRecordAction(field(field(template, 'config'), 'action')),
  flowTypes: ['zite'],
});
