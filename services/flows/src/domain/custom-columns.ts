/**
 * Custom columns of the Results (spec 001 §3 "Custom column", §4 "Custom column creation", §7; the calls in
 * `contracts/src/api/flows/custom-columns.ts`): a form's owners add their own columns next to the answers, rename
 * and delete them, and set each submission's value. The columns live in the flow's `settings.customColumns`
 * (`contracts/src/entities/custom-column.ts`); a column's change reads and writes them under the flow's row lock, so
 * two owners adding columns at once both keep theirs. Values live in `submission_custom_values`, checked by the
 * column's type (`rules/custom-columns.ts`: a Dropdown column takes what a Dropdown question takes), never in the
 * respondent's answers. A column's deletion deletes its values in the same transaction; a value's write holds a
 * share lock on the flow row, so it never lands after its column's deletion. Plain functions; no Fastify.
 */
import * as copy from '@formloom/contracts/copy';
import type { CreateCustomColumnBody, CreateCustomColumnResponse, CustomColumnValueParams, SetCustomColumnValueResponse } from '@formloom/contracts/api/flows/custom-columns';
import { CUSTOM_COLUMNS_SETTING, customColumnsOf, type CustomColumn } from '@formloom/contracts/entities/custom-column';
import type { Flow, FlowSettings } from '@formloom/contracts/entities/flow';
import { CUSTOM_COLUMNS_MAX } from '@formloom/contracts/limits';
import { checkCustomColumnValue, CUSTOM_COLUMN_KINDS, displayCustomColumnValue, toSubmissionCustomColumns } from '@formloom/contracts/rules/custom-columns';
import type { Tx } from '@formloom/kit/db';
import { invalid, notFound } from '@formloom/kit/errors';
import { publicIdentifier as randomId } from '@formloom/kit/ids';
import { clearCustomValue, deleteColumnValues, lockFlowSettings, responseExists, setCustomValue } from '../db/custom-values-repository';
import { findFlowById, updateFlowSettingsRow } from '../db/flows-repository';
import { authorizedFlow, authorizedFlowById, toFlow, type Authorize, type FlowsDeps } from './flows';

/** Characters of a new column's id and of a new option's id (random, from the public identifiers' alphabet). */
const COLUMN_ID_LENGTH = 12;
const OPTION_ID_LENGTH = 8;

/** A new random id, `prefix` and `length` random characters, that is not in `taken` (and is added to it). */
function newId(taken: Set<string>, length: number, prefix = ''): string {
  for (;;) {
    const id = `${prefix}${randomId(length)}`;
    if (!taken.has(id)) {
      taken.add(id);
      return id;
    }
  }
}

/**
 * Changes flow `flowId`'s custom columns in one transaction under its row lock: `change` gets the columns as they
 * are (`customColumnsOf`) and the transaction, and gives the new list (or throws: nothing is written); the settings
 * are written with the new list and the flow is returned as the caller sees it (`accessLevel`).
 * @throws 404 `copy.flows.flowNotFound` when the flow is gone; whatever `change` throws.
 */
async function changeColumns(
  deps: FlowsDeps,
  flowId: number,
  accessLevel: Flow['accessLevel'],
  change: (columns: CustomColumn[], tx: Tx) => Promise<CustomColumn[]> | CustomColumn[],
): Promise<Flow> {
  const flow = await deps.transact(async (tx) => {
    const settings = await lockFlowSettings(tx, flowId, 'update');
    if (!settings) return undefined;
    const columns = await change(customColumnsOf(settings), tx);
    const next: FlowSettings = { ...settings, [CUSTOM_COLUMNS_SETTING]: columns };
    await updateFlowSettingsRow(tx, flowId, next);
    return findFlowById(tx, flowId);
  });
  if (!flow) throw notFound(copy.flows.flowNotFound);
  return toFlow(flow, accessLevel);
}

/** The column `columnId` of `columns`. @throws 404 `copy.customColumns.notFound`. */
function columnOf(columns: readonly CustomColumn[], columnId: string): CustomColumn {
  const column = columns.find(({ id }) => id === columnId);
  if (!column) throw notFound(copy.customColumns.notFound);
  return column;
}

/**
 * Adds a custom column (spec 001 §7 `POST /admin/flows/customColumn/{flowId}`) after flow `flowId`'s others; change
 * access. `body` is parsed (`CreateCustomColumnBody`: name trimmed and not blank, options for Dropdown and
 * Multi-select). The column gets a new random id (its `customFieldId`) and, for a type with options, each option one
 * (`o` + 8 characters) in the order given; other types keep no options.
 * @throws 404 `copy.flows.flowNotFound`; 403 for a read-only member; 400 `copy.customColumns.tooMany` when the form
 *   has `CUSTOM_COLUMNS_MAX` columns already.
 */
export async function createCustomColumn(
  deps: FlowsDeps,
  flowId: number,
  body: CreateCustomColumnBody,
  authorize: Authorize,
): Promise<CreateCustomColumnResponse> {
  const { record, accessLevel } = await authorizedFlowById(deps.db, flowId, authorize, 'change');
  let customFieldId = '';
  const flow = await changeColumns(deps, record.id, accessLevel, (columns) => {
    if (columns.length >= CUSTOM_COLUMNS_MAX) throw invalid(copy.customColumns.tooMany(CUSTOM_COLUMNS_MAX));
    customFieldId = newId(new Set(columns.map(({ id }) => id)), COLUMN_ID_LENGTH);
    const optionIds = new Set<string>();
    const options = CUSTOM_COLUMN_KINDS[body.type].hasOptions
      ? (body.options ?? []).map(({ label }) => ({ id: newId(optionIds, OPTION_ID_LENGTH, 'o'), label: label.trim() }))
      : undefined;
    return [...columns, { id: customFieldId, name: body.name, type: body.type, ...(options ? { options } : {}) }];
  });
  return { flow, customFieldId };
}

/**
 * Deletes custom column `columnId` of flow `flowId` (spec 001 §7 `DELETE /admin/flows/customColumn/{flowId}`) and
 * every submission's value of it, in one transaction; change access. Answers the flow.
 * @throws 404 `copy.flows.flowNotFound` or `copy.customColumns.notFound`; 403 for a read-only member.
 */
export async function deleteCustomColumn(deps: FlowsDeps, flowId: number, columnId: string, authorize: Authorize): Promise<Flow> {
  const { record, accessLevel } = await authorizedFlowById(deps.db, flowId, authorize, 'change');
  return changeColumns(deps, record.id, accessLevel, async (columns, tx) => {
    columnOf(columns, columnId);
    await deleteColumnValues(tx, record.id, columnId);
    return columns.filter(({ id }) => id !== columnId);
  });
}

/**
 * Renames custom column `columnId` of flow `flowId` to `name` (trimmed, not blank: `RenameCustomColumnBody`); its
 * values and place stay. Change access. Answers the flow.
 * @throws 404 `copy.flows.flowNotFound` or `copy.customColumns.notFound`; 403 for a read-only member.
 */
export async function renameCustomColumn(deps: FlowsDeps, flowId: number, columnId: string, name: string, authorize: Authorize): Promise<Flow> {
  const { record, accessLevel } = await authorizedFlowById(deps.db, flowId, authorize, 'change');
  return changeColumns(deps, record.id, accessLevel, (columns) => {
    columnOf(columns, columnId);
    return columns.map((column) => (column.id === columnId ? { ...column, name } : column));
  });
}

/**
 * Sets response `params.submissionId`'s value of custom column `params.columnId` of form `params.publicIdentifier`
 * (a finished submission or a respondent's progress; change access): `value` checked and normalized by the column's
 * type (`checkCustomColumnValue`), stored with the lowercased text a person reads of it (the Results' search); an
 * empty value (`null`, '', `[]`) clears the cell. Answers the cell as stored, `{id, name, type, value, displayValue}`
 * (`value` `null` once cleared).
 * @throws 404 `copy.flows.flowNotFound`, `copy.customColumns.notFound` (also when the column is deleted meanwhile)
 *   or `copy.flows.submissionNotFound`; 403 for a read-only member; 400 with the type's message (`copy.answers`) at
 *   `body.value` for a value it does not take. Nothing is written when it throws.
 */
export async function setCustomColumnValue(
  deps: FlowsDeps,
  params: CustomColumnValueParams,
  value: unknown,
  authorize: Authorize,
): Promise<SetCustomColumnValueResponse> {
  const { record } = await authorizedFlow(deps.db, params.publicIdentifier, authorize, 'change');
  const column = columnOf(customColumnsOf(record.settings), params.columnId);
  const check = checkCustomColumnValue(column, value);
  if (!check.ok) throw invalid(check.message, [{ path: 'body.value', message: check.message }]);
  const stored = check.value;
  await deps.transact(async (tx) => {
    // A share lock on the flow: a column's deletion (which takes the row for update) waits, or has happened.
    const settings = await lockFlowSettings(tx, record.id, 'share');
    if (!settings) throw notFound(copy.flows.flowNotFound);
    columnOf(customColumnsOf(settings), column.id);
    if (!(await responseExists(tx, record.id, params.submissionId))) throw notFound(copy.flows.submissionNotFound);
    if (stored === null || stored === undefined) {
      await clearCustomValue(tx, params.submissionId, column.id);
    } else {
      const searchText = displayCustomColumnValue(column, stored).toLowerCase();
      await setCustomValue(tx, { submissionId: params.submissionId, flowId: record.id, columnId: column.id, value: stored, searchText });
    }
  });
  const [cell] = toSubmissionCustomColumns([column], { [column.id]: stored ?? null });
  if (!cell) throw new Error('toSubmissionCustomColumns gave no cell for one column');
  return { customColumn: cell };
}
