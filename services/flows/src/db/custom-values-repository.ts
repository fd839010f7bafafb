/**
 * Custom column queries (`domain/custom-columns.ts`): the flow's settings under a row lock, and the submissions'
 * values of the columns (`submission_custom_values`). Plain functions over a database or a transaction ({@link DbOrTx}).
 */
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { FlowSettings } from '@formloom/contracts/entities/flow';
import type { DbOrTx, Tx } from '@formloom/kit/db';
import { flows, submissionCustomValues, submissions } from './schema';

/**
 * Locks flow `flowId`'s row until `tx` ends and returns its settings (undefined when the flow does not exist):
 * `update` for a change of its columns, `share` for a value's write, which so waits for a column's deletion (and
 * the deletion for it), so a value never outlives its column.
 */
export async function lockFlowSettings(tx: Tx, flowId: number, mode: 'update' | 'share'): Promise<FlowSettings | undefined> {
  const [row] = await tx.select({ settings: flows.settings }).from(flows).where(eq(flows.id, flowId)).for(mode === 'update' ? 'update' : 'share');
  return row?.settings;
}

/** Deletes every value of column `columnId` of flow `flowId`. */
export async function deleteColumnValues(db: DbOrTx, flowId: number, columnId: string): Promise<void> {
  await db.delete(submissionCustomValues).where(and(eq(submissionCustomValues.flowId, flowId), eq(submissionCustomValues.columnId, columnId)));
}

/** Whether flow `flowId` has a response `submissionId` (a finished submission or a respondent's progress). */
export async function responseExists(db: DbOrTx, flowId: number, submissionId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: submissions.id })
    .from(submissions)
    .where(and(eq(submissions.flowId, flowId), eq(submissions.id, submissionId)))
    .limit(1);
  return row !== undefined;
}

/** A submission's value of a custom column, as {@link setCustomValue} writes it. */
export interface CustomValueRecord {
  submissionId: string;
  flowId: number;
  columnId: string;
  /** The normalized value (`rules/custom-columns.ts` `checkCustomColumnValue`). */
  value: unknown;
  /** The lowercased text a person reads of it (the Results' search). */
  searchText: string;
}

/** Writes `record`, replacing the submission's earlier value of the column. */
export async function setCustomValue(db: DbOrTx, record: CustomValueRecord): Promise<void> {
  await db
    .insert(submissionCustomValues)
    .values({ ...record, value: sql`${JSON.stringify(record.value)}::jsonb` })
    .onConflictDoUpdate({
      target: [submissionCustomValues.submissionId, submissionCustomValues.columnId],
      set: { value: sql`excluded.value`, searchText: sql`excluded.search_text`, updatedAt: sql`now()` },
    });
}

/** Deletes submission `submissionId`'s value of column `columnId` (nothing when it has none). */
export async function clearCustomValue(db: DbOrTx, submissionId: string, columnId: string): Promise<void> {
  await db
    .delete(submissionCustomValues)
    .where(and(eq(submissionCustomValues.submissionId, submissionId), eq(submissionCustomValues.columnId, columnId)));
}

/**
 * The values of the custom columns of the submission a query reads, as one jsonb object keyed by column id (`null`
 * when it has none): a subquery on the values' primary key, to select next to a `submissions` row.
 */
export const customValuesOfRow: SQL<Record<string, unknown> | null> = sql<Record<string, unknown> | null>`(
  SELECT jsonb_object_agg(${submissionCustomValues.columnId}, ${submissionCustomValues.value})
    FROM ${submissionCustomValues}
   WHERE ${submissionCustomValues.submissionId} = ${submissions.id})`;

/** The condition of a `submissions` row one of whose custom values' texts matches the `ILIKE` pattern `pattern`. */
export function customValueMatches(pattern: string): SQL {
  return sql`EXISTS (SELECT 1 FROM ${submissionCustomValues}
    WHERE ${submissionCustomValues.submissionId} = ${submissions.id} AND ${submissionCustomValues.searchText} ILIKE ${pattern})`;
}
