/**
 * The `databases` node (spec 001 §3 `{integrationId, serviceId, serviceType 'databases', config {action findOne,
 * findAll, create, bulkCreate, update, delete; baseId; tableId; recordId (with logic); record; filters; matchOn}}`,
 * §4 "incomplete with no account or base, or with no table; otherwise complete, described as Create record, Find
 * record, Get records, Update record, Delete record, Bulk create records, or Bulk create/update records (when
 * matchOn is set)", §6 its editor runs only in the app-builder context — so the type serves app flows only).
 * `matchOn` lists the field ids that match existing records of a bulk create ('Update existing records?'). Its
 * executor comes with the integrations service (`./integration.ts`); the web's card and panel are
 * `web/src/features/workflows/nodes/databases.tsx`.
 */
import { z } from 'zod';
import { LogicValue } from '../../logic-schemas';
import { defineNode, field } from '../define';
import { AccountRef, accountErrors, baseAndTableErrors, describeRecordAction, FilterItem, RecordAction, RecordValues } from './integration';

/** spec 001 §3: the databases node template. */
export const DatabasesNodeTemplate = z.object({
  integrationId: AccountRef,
  serviceId: AccountRef,
  serviceType: z.literal('databases'),
  config: z.object({
    action: RecordAction,
    baseId: z.string().max(200).optional(),
    tableId: z.string().max(200).optional(),
    recordId: LogicValue.optional(),
    record: RecordValues.optional(),
    filters: z.array(FilterItem).max(50).optional(),
    matchOn: z.array(z.string().max(200)).max(50).optional(),
  }),
});
/** A databases node template. */
export type DatabasesNodeTemplate = z.infer<typeof DatabasesNodeTemplate>;

/** The databases node (see the module doc). Default template: create a record, with no account, base or table. */
export const databasesNode = defineNode({
  type: 'databases',
  schema: DatabasesNodeTemplate,
  defaultTemplate: (): DatabasesNodeTemplate => ({
    integrationId: null,
    serviceId: null,
    serviceType: 'databases',
    config: { action: 'create', baseId: '', tableId: '', record: {}, filters: [], matchOn: [] },
  }),
  rules: (template) => {
    const account = accountErrors(template, { integration: true });
    return account.length > 0 ? account : baseAndTableErrors(template);
  },
  describe: (template) => {
    const config = field(template, 'config');
    return describeRecordAction(field(config, 'action'), field(config, 'matchOn'));
  },
  flowTypes: ['zite'],
});
