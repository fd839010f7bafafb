/**
 * Workflows (spec 001 §3, §7): create, save the draft, publish, enable or disable, delete, list. Plain
 * functions over the database; access checks are the routes' job (they need the caller's claims).
 *
 * - A workflow belongs to the form named by its trigger template (`flowPublicIdentifier`); that form's
 *   organization and workspace are copied at creation and decide access ever after. When the form moves to
 *   another workspace (`flow.moved`), its workflows follow ({@link moveFlowWorkflows}).
 * - `template` in responses is the draft (what the editor last saved or published); the published template is
 *   what runs. New workflows are inactive and unpublished.
 * - Deleting a workflow deletes its runs and their steps (foreign keys cascade); the mail log keeps the
 *   messages already sent (they happened), with their run id as a dangling reference.
 */
import { and, desc, eq, ne, sql } from 'drizzle-orm';
import type { Workflow, WorkflowTemplate } from '@formloom/contracts/entities/workflow';
import * as copy from '@formloom/contracts/copy';
import { MAX_WORKFLOWS_PER_FLOW } from '@formloom/contracts/limits';
import type { Db, DbOrTx } from '@formloom/kit/db';
import { conflict } from '@formloom/kit/errors';
import { uuidv7 } from '@formloom/kit/ids';
import { workflows, type WorkflowRow } from '../db/schema';

/** The API shape of a workflow row (spec 001 §3 plus form, publish time and timestamps as ISO strings). */
export function toWorkflow(row: WorkflowRow): Workflow {
  return {
    id: row.id,
    name: row.name,
    template: row.draftTemplate,
    isHidden: row.isHidden,
    isActive: row.isActive,
    flowPublicIdentifier: row.flowPublicIdentifier,
    publishedAt: row.publishedAt ? row.publishedAt.toISOString() : null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The workflow with `id`, or `undefined`. */
export async function findWorkflow(db: DbOrTx, id: string): Promise<WorkflowRow | undefined> {
  const [row] = await db.select().from(workflows).where(eq(workflows.id, id)).limit(1);
  return row;
}

/** The form a new workflow belongs to, as flows describes it. */
export interface WorkflowFlow {
  id: number;
  publicIdentifier: string;
  workspaceId: number;
  organizationId: number;
  /** Its creator (null: unknown), kept on the workflow for `limited` access. */
  createdBy: number | null;
}

/** Input of {@link createWorkflow}. */
export interface CreateWorkflowInput {
  flow: WorkflowFlow;
  name: string;
  isHidden: boolean;
  template: WorkflowTemplate;
  /** Publish the template and turn the workflow on with its creation (checked executable by the caller). */
  activate?: boolean;
}

/**
 * Creates a workflow on `input.flow` holding `template` as its draft: inactive and unpublished, or — with
 * `activate` — published and active in the same insert (one transaction: never half made). The count of the
 * form's workflows is checked under a transaction-level advisory lock on the form, so concurrent creations
 * cannot pass MAX_WORKFLOWS_PER_FLOW together.
 * @throws 409 'Maximum number of workflows added - contact support to enable more' (spec 001 §8) when the form
 *   already has MAX_WORKFLOWS_PER_FLOW workflows.
 */
export async function createWorkflow(db: Db, input: CreateWorkflowInput): Promise<WorkflowRow> {
  return db.transaction(async (tx) => {
    const pid = input.flow.publicIdentifier;
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`workflows:${pid}`}))`);
    const [counted] = await tx
      .select({ count: sql<number>`count(*)::int` })
      .from(workflows)
      .where(eq(workflows.flowPublicIdentifier, pid));
    if ((counted?.count ?? 0) >= MAX_WORKFLOWS_PER_FLOW) throw conflict(copy.workflows.maxWorkflows);
    const [row] = await tx
      .insert(workflows)
      .values({
        id: uuidv7(),
        organizationId: input.flow.organizationId,
        workspaceId: input.flow.workspaceId,
        flowCreatedBy: input.flow.createdBy,
        flowId: input.flow.id,
        flowPublicIdentifier: pid,
        name: input.name,
        draftTemplate: input.template,
        isHidden: input.isHidden,
        isActive: input.activate === true,
        ...(input.activate ? { publishedTemplate: input.template, publishedAt: sql`now()` } : {}),
      })
      .returning();
    if (!row) throw new Error('insert returned no row');
    return row;
  });
}

/** Stores `template` as the draft of workflow `id`; returns the updated row (`undefined` if it vanished). */
export async function saveDraft(db: DbOrTx, id: string, template: WorkflowTemplate): Promise<WorkflowRow | undefined> {
  const [row] = await db
    .update(workflows)
    .set({ draftTemplate: template, updatedAt: sql`now()` })
    .where(eq(workflows.id, id))
    .returning();
  return row;
}

/**
 * Stores `template` as both the draft and the published template of workflow `id` and stamps `published_at`;
 * the next trigger event runs it. Returns the updated row (`undefined` if it vanished).
 */
export async function publish(db: DbOrTx, id: string, template: WorkflowTemplate): Promise<WorkflowRow | undefined> {
  const [row] = await db
    .update(workflows)
    .set({ draftTemplate: template, publishedTemplate: template, publishedAt: sql`now()`, updatedAt: sql`now()` })
    .where(eq(workflows.id, id))
    .returning();
  return row;
}

/** Turns workflow `id` on or off; returns false when it does not exist. */
export async function setActive(db: DbOrTx, id: string, isActive: boolean): Promise<boolean> {
  const rows = await db
    .update(workflows)
    .set({ isActive, updatedAt: sql`now()` })
    .where(eq(workflows.id, id))
    .returning({ id: workflows.id });
  return rows.length > 0;
}

/** Renames workflow `id`; the updated row, or `null` when there is no such workflow. */
export async function rename(db: DbOrTx, id: string, name: string): Promise<WorkflowRow | null> {
  const [row] = await db.update(workflows).set({ name, updatedAt: sql`now()` }).where(eq(workflows.id, id)).returning();
  return row ?? null;
}

/** Deletes workflow `id` with its runs and steps (cascade); the mail log is kept. */
export async function deleteWorkflow(db: DbOrTx, id: string): Promise<void> {
  await db.delete(workflows).where(eq(workflows.id, id));
}

/** Deletes every workflow of form `flowPublicIdentifier` in `organizationId` (runs and steps by cascade). */
export async function deleteFlowWorkflows(db: DbOrTx, flowPublicIdentifier: string, organizationId: number): Promise<void> {
  await db
    .delete(workflows)
    .where(and(eq(workflows.flowPublicIdentifier, flowPublicIdentifier), eq(workflows.organizationId, organizationId)));
}

/**
 * Moves every workflow of form `flowPublicIdentifier` in `organizationId` to workspace `workspaceId` (the
 * `flow.moved` consumer, inside its transaction; spec 000 §4 "Dragging", spec 001 §6: the form's workspace decides
 * access). Rows already there are left alone (`updated_at` is not touched: the workflows themselves did not
 * change), so applying the same move again writes nothing. Returns how many workflows it moved.
 */
export async function moveFlowWorkflows(db: DbOrTx, flowPublicIdentifier: string, organizationId: number, workspaceId: number): Promise<number> {
  const moved = await db
    .update(workflows)
    .set({ workspaceId })
    .where(
      and(
        eq(workflows.flowPublicIdentifier, flowPublicIdentifier),
        eq(workflows.organizationId, organizationId),
        ne(workflows.workspaceId, workspaceId),
      ),
    )
    .returning({ id: workflows.id });
  return moved.length;
}

/** Every workflow of a form (hidden ones included, flagged `isHidden`), newest first. */
export async function listFlowWorkflows(db: DbOrTx, flowPublicIdentifier: string, organizationId: number): Promise<WorkflowRow[]> {
  return db
    .select()
    .from(workflows)
    .where(and(eq(workflows.flowPublicIdentifier, flowPublicIdentifier), eq(workflows.organizationId, organizationId)))
    .orderBy(desc(workflows.createdAt), desc(workflows.id));
}
