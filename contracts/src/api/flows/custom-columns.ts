/**
 * Custom columns of the Results (spec 001 §3 "Custom column", §7 calls): a form's owners add their own columns
 * (notes, a category, a score) next to the answers, rename and delete them, and set each submission's value.
 * The columns live in the flow's `settings` (`entities/custom-column.ts`); the values are the flows service's own,
 * never the respondent's answers. Changing needs `write` access to the form's workspace (403 otherwise), a form in
 * a workspace that is not the caller's is 404 'Form not found', as for every flow call.
 */
import { z } from 'zod';
import * as copy from '../../copy';
import { CustomColumnId, CustomColumnType, SubmissionCustomColumn } from '../../entities/custom-column';
import { Flow } from '../../entities/flow';
import { CUSTOM_COLUMN_NAME_MAX_LENGTH, CUSTOM_COLUMN_OPTION_LABEL_MAX_LENGTH, CUSTOM_COLUMN_OPTIONS_MAX, CUSTOM_COLUMNS_MAX } from '../../limits';
import { customColumnProblems } from '../../rules/custom-columns';
import { defineEndpoint, errorResponse, okResponse } from '../endpoint';
import { FlowResponse } from './flows';
import { SubmissionParams } from './submissions';

/** The largest flow id a path takes (PostgreSQL's `integer`, the flows' `serial` ids). */
const FLOW_ID_MAX = 2_147_483_647;

/** `/admin/flows/customColumn/:flowId` path parameters: the flow's numeric `id` (spec 001 §7 `{flowId}`). */
export const CustomColumnFlowParams = z.object({ flowId: z.coerce.number().int().positive().max(FLOW_ID_MAX) });
/** `{flowId}`. */
export type CustomColumnFlowParams = z.infer<typeof CustomColumnFlowParams>;

/** A column name as the calls take it: at most `CUSTOM_COLUMN_NAME_MAX_LENGTH` characters, trimmed (blank checked by the body). */
const ColumnName = z.string().max(CUSTOM_COLUMN_NAME_MAX_LENGTH).transform((name) => name.trim());

/**
 * `POST /admin/flows/customColumn/:flowId` body (spec 001 §7 "body name, type, options"): the column's `name`
 * (trimmed; blank → 'Provide a column name' at `body.name`), its `type`, and for Dropdown and Multi-select its
 * `options` as `[{label}]` (at least one: 'At least one option is required' at `body.options`; labels trimmed,
 * non-blank, not repeated; their ids are made by the service). Options of the other types are ignored. The rules are
 * `rules/custom-columns.ts` `customColumnProblems`, which the popover runs too.
 */
export const CreateCustomColumnBody = z
  .object({
    name: ColumnName,
    type: CustomColumnType,
    options: z
      .array(z.object({ label: z.string().max(CUSTOM_COLUMN_OPTION_LABEL_MAX_LENGTH) }))
      .max(CUSTOM_COLUMN_OPTIONS_MAX)
      .optional(),
  })
  .superRefine((body, context) => {
    for (const { path, message } of customColumnProblems(body)) context.addIssue({ code: 'custom', path: path.split('.'), message });
  });
/** `{name, type, options?}`. */
export type CreateCustomColumnBody = z.infer<typeof CreateCustomColumnBody>;

/** `POST /admin/flows/customColumn/:flowId` 201 response: the flow with its settings, and the new column's id (spec 001 §3). */
export const CreateCustomColumnResponse = z.object({ flow: Flow, customFieldId: CustomColumnId });
/** `{flow, customFieldId}`. */
export type CreateCustomColumnResponse = z.infer<typeof CreateCustomColumnResponse>;

/** `DELETE /admin/flows/customColumn/:flowId` body (spec 001 §7 "payload {columnId}"). */
export const DeleteCustomColumnBody = z.object({ columnId: CustomColumnId });
/** `{columnId}`. */
export type DeleteCustomColumnBody = z.infer<typeof DeleteCustomColumnBody>;

/** `PATCH /admin/flows/customColumn/:flowId` body (ours): the column and its new name (trimmed, not blank). */
export const RenameCustomColumnBody = z.object({
  columnId: CustomColumnId,
  name: ColumnName.pipe(z.string().min(1, copy.customColumns.provideName)),
});
/** `{columnId, name}`. */
export type RenameCustomColumnBody = z.infer<typeof RenameCustomColumnBody>;

const forbidden = errorResponse(`${copy.auth.writeAccessRequired}: the caller may only view this workspace.`);
const flowNotFound = errorResponse(`'${copy.flows.flowNotFound}': no such flow, or not in a workspace of the caller.`);

/**
 * `POST /admin/flows/customColumn/:flowId` (spec 001 §7): adds a custom column after the form's others. Answers the
 * flow (its `settings.customColumns` now holding the column) and the column's id as `customFieldId`.
 */
export const createCustomColumn = defineEndpoint({
  id: 'flows.createCustomColumn',
  service: 'flows',
  method: 'POST',
  path: '/admin/flows/customColumn/:flowId',
  access: 'session',
  summary: 'Add a custom column to the Results',
  description: `Spec 001 §3, §7. At most ${CUSTOM_COLUMNS_MAX} per form. Types: ShortAnswer (Short text), LongAnswer (Long text), NumberInput (Number), Checkbox, Dropdown and MultiSelect (Multi-select); the last two need options.`,
  tags: ['results'],
  params: CustomColumnFlowParams,
  body: CreateCustomColumnBody,
  responses: {
    201: okResponse(CreateCustomColumnResponse, 'The flow with its settings, and the new column’s id.'),
    400: errorResponse(`'${copy.customColumns.provideName}', '${copy.customColumns.optionsRequired}', or the form has ${CUSTOM_COLUMNS_MAX} columns already.`),
    403: forbidden,
    404: flowNotFound,
  },
});

/**
 * `DELETE /admin/flows/customColumn/:flowId` (spec 001 §7): deletes a custom column and every value of it, in one
 * transaction. Answers the flow with its settings.
 */
export const deleteCustomColumn = defineEndpoint({
  id: 'flows.deleteCustomColumn',
  service: 'flows',
  method: 'DELETE',
  path: '/admin/flows/customColumn/:flowId',
  access: 'session',
  summary: 'Delete a custom column and its values',
  tags: ['results'],
  params: CustomColumnFlowParams,
  body: DeleteCustomColumnBody,
  responses: {
    200: okResponse(FlowResponse, 'The flow with its settings.'),
    403: forbidden,
    404: errorResponse(`'${copy.flows.flowNotFound}' or '${copy.customColumns.notFound}'.`),
  },
});

/** `PATCH /admin/flows/customColumn/:flowId` (ours): renames a custom column; its values stay. Answers the flow. */
export const renameCustomColumn = defineEndpoint({
  id: 'flows.renameCustomColumn',
  service: 'flows',
  method: 'PATCH',
  path: '/admin/flows/customColumn/:flowId',
  access: 'session',
  summary: 'Rename a custom column',
  tags: ['results'],
  params: CustomColumnFlowParams,
  body: RenameCustomColumnBody,
  responses: {
    200: okResponse(FlowResponse, 'The flow with its settings.'),
    403: forbidden,
    404: errorResponse(`'${copy.flows.flowNotFound}' or '${copy.customColumns.notFound}'.`),
  },
});

/** `/admin/flows/:publicIdentifier/submissions/:submissionId/customColumns/:columnId` path parameters. */
export const CustomColumnValueParams = SubmissionParams.extend({ columnId: CustomColumnId });
/** `{publicIdentifier, submissionId, columnId}`. */
export type CustomColumnValueParams = z.infer<typeof CustomColumnValueParams>;

/**
 * `PUT …/customColumns/:columnId` body: `{value}` — what the column's type takes (`rules/custom-columns.ts`: text,
 * a number, `true`/`false`, an option id, a list of option ids); `null` (or '', `[]`) clears the cell. The key must
 * be there.
 */
export const SetCustomColumnValueBody = z
  .object({ value: z.unknown() })
  .refine((body) => body.value !== undefined, { path: ['value'], message: copy.customColumns.valueMissing });
/** `{value}`. */
export type SetCustomColumnValueBody = z.infer<typeof SetCustomColumnValueBody>;

/** `PUT …/customColumns/:columnId` response: the submission's cell as stored, `{id, name, type, value, displayValue}`. */
export const SetCustomColumnValueResponse = z.object({ customColumn: SubmissionCustomColumn });
/** `{customColumn}`. */
export type SetCustomColumnValueResponse = z.infer<typeof SetCustomColumnValueResponse>;

/**
 * `PUT /admin/flows/:publicIdentifier/submissions/:submissionId/customColumns/:columnId` (ours): sets (or, with an
 * empty value, clears) one submission's value of a custom column — a finished submission's or a respondent's
 * progress. The value is checked by the column's type: 400 with that type's message ('Please enter a number') at
 * `body.value`.
 */
export const setCustomColumnValue = defineEndpoint({
  id: 'flows.setCustomColumnValue',
  service: 'flows',
  method: 'PUT',
  path: '/admin/flows/:publicIdentifier/submissions/:submissionId/customColumns/:columnId',
  access: 'session',
  summary: 'Set a submission’s value of a custom column',
  tags: ['results'],
  params: CustomColumnValueParams,
  body: SetCustomColumnValueBody,
  responses: {
    200: okResponse(SetCustomColumnValueResponse, 'The cell as stored.'),
    400: errorResponse('A value the column’s type does not take.'),
    403: forbidden,
    404: errorResponse(`'${copy.flows.flowNotFound}', '${copy.flows.submissionNotFound}' or '${copy.customColumns.notFound}'.`),
  },
});
