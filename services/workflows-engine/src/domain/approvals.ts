/**
 * The approver's side of an approval step (docs/architecture.md "Approvals"; the calls:
 * `@formloom/contracts/api/workflows-engine/approvals`): opening a request from its link and deciding it.
 *
 * A request is the approval step's row while it waits (`nodes/approval.ts`): the run `waiting` until the request
 * expires (its `due_at`), the step `waiting` with the output `{approvers, expiresAt, sentOver}`. Its state, read from
 * those two rows:
 * - `decided` — the step's output has a `stateId` (whatever happened to the run since);
 * - `pending` — step and run wait and the due time is still ahead;
 * - `not_ready` — the step is still sending (over SMTP an approver may click before the step is recorded);
 * - `expired` — anything else: the due time passed, the worker failed the step, the run was deleted meanwhile…
 *
 * Deciding is ONE transaction: (1) `UPDATE workflow_runs SET due_at = now() WHERE id = … AND status = 'waiting' AND
 * due_at > now()` — it takes the run row's lock, so two decisions (and the worker's claim, which skips locked rows)
 * queue behind each other, and only the first finds the run still waiting with its due time ahead; (2) the step's
 * output gets the decision and its `next_node_id` the chosen state's `nextNodeId`, on the condition that it is still
 * waiting and undecided. Either update finding nothing rolls the transaction back and the caller gets the state as it
 * now is (409 'Already decided: <state> by <who>', expired, not ready). After the commit the run is due: the worker
 * (kicked, or at its next poll, on any replica, after any restart) resumes it along the chosen state.
 */
import { sql } from 'drizzle-orm';
import type { ApprovalDecision, ApprovalView, DecideApprovalBody } from '@formloom/contracts/api/workflows-engine/approvals';
import type { FormSubmittedData } from '@formloom/contracts/events/form-submitted';
import * as copy from '@formloom/contracts/copy';
import type { FieldError } from '@formloom/contracts/errors';
import { formatValue } from '@formloom/contracts/logic';
import { checkCustomColumnValue, displayCustomColumnValue } from '@formloom/contracts/rules/custom-columns';
import { field, isRecord } from '@formloom/contracts/workflows/define';
import { approvalNode, fieldsForState, inputFieldColumn, type ApprovalNodeTemplate } from '@formloom/contracts/workflows/nodes/approval';
import { rowsOf, type Db, type DbOrTx } from '@formloom/kit/db';
import { conflict, invalid, notFound } from '@formloom/kit/errors';
import type { ApprovalLinkSigner, ApprovalTokenSubject } from './approval-tokens';

/** What the approver's calls need: the database, the link signer, and a way to wake the run worker. */
export interface ApprovalDeps {
  db: Db;
  links: ApprovalLinkSigner;
  /** Called after a decision committed: the run is due now (the worker's `kick`). */
  onDecided?(): void;
}

/** The state of a request (see the module doc). */
export type RequestState = 'pending' | 'decided' | 'not_ready' | 'expired';

/** A request as read for its token. */
interface Located {
  subject: ApprovalTokenSubject;
  template: ApprovalNodeTemplate;
  approver: { userId?: number; email: string };
  data: FormSubmittedData;
  state: RequestState;
  /** The run's due time (the request's expiry while it is pending). */
  dueAt: Date | null;
  output: unknown;
}

/** The rows one request is read from (one statement). */
interface RequestRow {
  run_status: string;
  due_at: Date | string | null;
  open: boolean;
  node: unknown;
  trigger_data: FormSubmittedData;
  step_status: string | null;
  output: unknown;
}

/** 404 'This approval link is not valid': the same for every refused token (no enumeration). */
function invalidLink() {
  return notFound(copy.approval.invalidLink);
}

async function readRequest(db: DbOrTx, subject: ApprovalTokenSubject): Promise<RequestRow | undefined> {
  const [row] = rowsOf<RequestRow>(
    await db.execute(sql`
      SELECT r.status AS run_status, r.due_at, coalesce(r.due_at > now(), false) AS open,
             r.template -> 'nodes' -> ${subject.nodeId}::text AS node, r.trigger_data,
             s.status AS step_status, s.output
        FROM workflow_runs r
        LEFT JOIN workflow_run_steps s ON s.run_id = r.id AND s.node_id = ${subject.nodeId}::text
       WHERE r.id = ${subject.runId}::uuid`),
  );
  return row;
}

function stateOf(row: RequestRow): RequestState {
  if (typeof field(row.output, 'stateId') === 'string') return 'decided';
  if (row.step_status === 'waiting' && row.run_status === 'waiting' && row.open) return 'pending';
  if ((row.step_status === null || row.step_status === 'running') && (row.run_status === 'running' || row.run_status === 'queued')) return 'not_ready';
  return 'expired';
}

/**
 * The request `token` opens, read now.
 * @throws 404 `copy.approval.invalidLink` when the token does not verify, its run does not exist (any more), its node
 *   is not an approval step of that run, or the approver index is out of range.
 */
async function locate(deps: ApprovalDeps, db: DbOrTx, token: string): Promise<Located> {
  const subject = await deps.links.verify(token);
  if (!subject) throw invalidLink();
  const row = await readRequest(db, subject);
  if (!row || field(row.node, 'type') !== 'approval') throw invalidLink();
  const parsed = approvalNode.schema.safeParse(field(row.node, 'template'));
  if (!parsed.success) throw invalidLink();
  const approver = parsed.data.approvers.approvers[subject.approverIndex];
  if (!approver) throw invalidLink();
  const dueAt = row.due_at === null ? null : new Date(row.due_at);
  return { subject, template: parsed.data, approver, data: row.trigger_data, state: stateOf(row), dueAt, output: row.output };
}

/** The decision a decided request's step output records, with the chosen state's colour. */
function decisionOf(located: Located): ApprovalDecision {
  const output = located.output;
  const stateId = String(field(output, 'stateId'));
  const state = located.template.states.find((candidate) => candidate.id === stateId);
  return {
    stateId,
    stateName: String(field(output, 'state') ?? state?.name ?? stateId),
    color: state?.color ?? '#E2E8F0',
    decidedBy: String(field(output, 'decidedBy') ?? ''),
    decidedAt: String(field(output, 'decidedAt') ?? ''),
  };
}

/**
 * 409 for a request that cannot take a decision: 'Already decided: <state> by <who>' (details `{reason: 'decided',
 * decision}`), `copy.approval.expiredLink` (`{reason: 'expired'}`) or `copy.approval.notReady` (`{reason: 'not_ready'}`).
 */
function refusal(located: Located) {
  if (located.state === 'decided') {
    const decision = decisionOf(located);
    return conflict(copy.approval.alreadyDecided(decision.stateName, decision.decidedBy), { reason: 'decided', decision });
  }
  if (located.state === 'not_ready') return conflict(copy.approval.notReady, { reason: 'not_ready' });
  return conflict(copy.approval.expiredLink, { reason: 'expired' });
}

/**
 * `POST /public/approvals/open`: a pending request as the approver's page shows it (the submission, the states, the
 * input fields, the approver, the expiry), or a decided one's decision.
 * @throws 404 for a refused token (see `locate`); 409 for an expired or not yet ready request.
 */
export async function openApproval(deps: ApprovalDeps, token: string): Promise<ApprovalView> {
  const located = await locate(deps, deps.db, token);
  const formName = located.data.flowName;
  if (located.state === 'decided') return { status: 'decided', formName, decision: decisionOf(located) };
  if (located.state !== 'pending') throw refusal(located);
  const { template } = located;
  return {
    status: 'pending',
    formName,
    submittedAt: located.data.submissionTime,
    questions: located.data.questions.map((question) => ({ label: question.name, answer: question.displayValue ?? formatValue(question.value) })),
    states: template.states.map((state) => ({ id: state.id, name: state.name, color: state.color })),
    fields: template.input.fields.map((input) => ({
      customFieldId: input.customFieldId,
      label: input.label,
      required: input.required,
      type: input.type,
      ...(input.options ? { options: input.options } : {}),
      stateIds: input.showForStates.type === 'custom' ? input.showForStates.customStateIds : null,
    })),
    approver: located.approver.email,
    expiresAt: (located.dueAt ?? new Date()).toISOString(),
  };
}

/**
 * The input fields' values for `stateId` checked by their type's rules (`rules/custom-columns.ts`): fields shown for
 * that state only (others are ignored), required ones filled ('This field is required'). Returns the values as stored
 * (`values`, normalized) and as read (`fields`, the text a person reads), or the errors at `fields.<customFieldId>`.
 */
export function checkDecisionFields(
  template: ApprovalNodeTemplate,
  stateId: string,
  given: Readonly<Record<string, unknown>>,
): { ok: true; values: Record<string, unknown>; fields: Record<string, string> } | { ok: false; errors: FieldError[] } {
  const values: Record<string, unknown> = {};
  const fields: Record<string, string> = {};
  const errors: FieldError[] = [];
  for (const input of fieldsForState(template.input.fields, stateId)) {
    const column = inputFieldColumn(input);
    const raw = Object.prototype.hasOwnProperty.call(given, input.customFieldId) ? given[input.customFieldId] : null;
    const checked = checkCustomColumnValue(column, raw);
    const path = `fields.${input.customFieldId}`;
    if (!checked.ok) errors.push({ path, message: checked.message });
    else if (checked.value === null && input.required) errors.push({ path, message: copy.validation.required });
    else {
      values[input.customFieldId] = checked.value;
      fields[input.customFieldId] = displayCustomColumnValue(column, checked.value);
    }
  }
  return errors.length > 0 ? { ok: false, errors } : { ok: true, values, fields };
}

/** Thrown inside the decision's transaction to roll it back when the request no longer takes a decision. */
class NotDecidable extends Error {}

/**
 * `POST /public/approvals/decide`: records the decision once and makes the run due (see the module doc); returns it.
 * @throws 404 for a refused token; 400 `copy.approval.unknownOption` at `stateId` for a state the step does not have,
 *   or the input fields' errors at `fields.<customFieldId>`; 409 when already decided ('Already decided: <state> by
 *   <who>'), expired or not ready — also when another decision won while this one was being made.
 */
export async function decideApproval(deps: ApprovalDeps, body: DecideApprovalBody): Promise<ApprovalDecision> {
  const located = await locate(deps, deps.db, body.token);
  if (located.state !== 'pending') throw refusal(located);
  const { template, subject, approver } = located;
  const state = template.states.find((candidate) => candidate.id === body.stateId);
  if (!state) throw invalid(copy.approval.unknownOption, [{ path: 'stateId', message: copy.approval.unknownOption }]);
  const checked = checkDecisionFields(template, state.id, isRecord(body.fields) ? body.fields : {});
  if (!checked.ok) throw invalid(checked.errors[0]!.message, checked.errors);
  const decision: ApprovalDecision = {
    stateId: state.id,
    stateName: state.name,
    color: state.color,
    decidedBy: approver.email,
    decidedAt: new Date().toISOString(),
  };
  const recorded = {
    state: state.name,
    stateId: state.id,
    decidedBy: approver.email,
    ...(approver.userId !== undefined ? { decidedByUserId: approver.userId } : {}),
    decidedAt: decision.decidedAt,
    fields: checked.fields,
    values: checked.values,
  };
  try {
    await deps.db.transaction(async (tx) => {
      const due = rowsOf(
        await tx.execute(sql`
          UPDATE workflow_runs SET due_at = now()
           WHERE id = ${subject.runId}::uuid AND status = 'waiting' AND due_at > now()
          RETURNING id`),
      );
      if (due.length === 0) throw new NotDecidable();
      const step = rowsOf(
        await tx.execute(sql`
          UPDATE workflow_run_steps
             SET output = coalesce(output, '{}'::jsonb) || ${JSON.stringify(recorded)}::jsonb,
                 next_node_id = ${state.nextNodeId}::text
           WHERE run_id = ${subject.runId}::uuid AND node_id = ${subject.nodeId}::text AND status = 'waiting'
             AND NOT (coalesce(output, '{}'::jsonb) ? 'stateId')
          RETURNING run_id`),
      );
      if (step.length === 0) throw new NotDecidable();
    });
  } catch (error) {
    if (!(error instanceof NotDecidable)) throw error;
    const now = await locate(deps, deps.db, body.token);
    throw refusal(now.state === 'pending' ? { ...now, state: 'expired' } : now);
  }
  deps.onDecided?.();
  return decision;
}
