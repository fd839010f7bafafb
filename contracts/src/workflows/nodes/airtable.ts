/**
 * The `airtable` node (spec 001 §3 `{serviceId, integrationId, serviceType, config {action findOne, findAll,
 * create, update or delete; baseId, tableId, recordId, record, filters}}`, §4 "needs an account, then a base, then a
 * table; described as Create, Find, Get, Update or Delete record"). `recordId` (find, update and delete one) is a
 * logic value; `record` maps field ids to logic values; `filters` narrow findOne and findAll. Its executor comes with
 * the integrations service (`./integration.ts`); the web's card and panel are
 * `web/src/features/workflows/nodes/airtable.tsx`.
 */
import { z } from 'zod';
import { LogicValue } from '../../logic-schemas';
import { defineNode, field } from '../define';
import { AccountRef, accountErrors, baseAndTableErrors, describeRecordAction, FilterItem, RecordValues } from './integration';

/** spec 001 §3: airtable's actions. */
export const AirtableAction = z.enum(['findOne', 'findAll', 'create', 'update', 'delete']);
/** An airtable action. */
export type AirtableAction = z.infer<typeof AirtableAction>;

/** spec 001 §3: the airtable node template. */
export const AirtableNodeTemplate = z.object({
  serviceId: AccountRef,
  integrationId: AccountRef,
  serviceType: z.string().max(50).optional(),
  config: z.object({
    action: AirtableAction,
    baseId: z.string().max(200).optional(),
    tableId: z.string().max(200).optional(),
    recordId: LogicValue.optional(),
    record: RecordValues.optional(),
    filters: z.array(FilterItem).max(50).optional(),
  }),
});
/** An airtable node template. */
export type AirtableNodeTemplate = z.infer<typeof AirtableNodeTemplate>;

/** The airtable node (see the module doc). Default template: create a record, with no account, base or table. */
export const airtableNode = defineNode({
  type: 'airtable',
  schema: AirtableNodeTemplate,
  defaultTemplate: (): AirtableNodeTemplate => ({
    serviceId: null,
    integrationId: null,
    serviceType: 'airtable',
    config: { action: 'create', baseId: '', tableId: '', record: {}, filters: [] },
  }),
  rules: (template) => {
    const account = accountErrors(template, { integration: true });
    return account.length > 0 ? account : baseAndTableErrors(template);
  },
  describe: (template) => describeRecordAction(field(field(template, 'config'), 'action')),
  flowTypes: ['form', 'zite'],
});
