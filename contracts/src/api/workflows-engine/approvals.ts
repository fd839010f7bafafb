/**
 * The approver's page (spec 001 §4 "Approval states", §6; docs/architecture.md "Approvals"), owned by
 * workflows-engine: public calls, no sign-in — the approver is whoever holds the link of the approval email. Both
 * take the link's token in the BODY (never in a path or query: a URL reaches access logs, proxies and `Referer`
 * headers; the token never does). Every refusal of a token — a signature that does not verify, a run or step that does
 * not exist (any more), an approver index out of range — answers the same 404, so nothing can be learned by probing;
 * both calls are rate limited per client address (APPROVAL_PUBLIC_PER_ADDRESS_MAX per APPROVAL_PUBLIC_WINDOW_MS).
 *
 * - `POST /public/approvals/open {token}`: what the page shows — for a request waiting for a decision, the form's
 *   name, what was submitted (each question's label and its answer as the Results show it), the states (options) with
 *   their colours, the input fields, the approver's address and when the request expires; once decided, who decided
 *   what and when (never the submission again).
 * - `POST /public/approvals/decide {token, stateId, fields}`: records the decision ONCE (two approvers clicking at the
 *   same moment: one wins, the other gets 409 'Already decided: <state> by <who>') and resumes the run on the chosen
 *   state's edge. The input fields shown for the chosen state are checked by their type's rules (required ones must be
 *   filled): 400 with `[{path: 'fields.<customFieldId>', message}]`.
 */
import { z } from 'zod';
import * as copy from '../../copy';
import { CustomColumnOption, CustomColumnType } from '../../entities/custom-column';
import { APPROVAL_INPUT_FIELDS_MAX, APPROVAL_TOKEN_MAX_LENGTH } from '../../limits';
import { defineEndpoint, errorResponse, okResponse } from '../endpoint';

/** An approval link's token (see `rules/approval-links.ts`). */
export const ApprovalToken = z.string().min(1).max(APPROVAL_TOKEN_MAX_LENGTH);

/** `POST /public/approvals/open` body. */
export const OpenApprovalBody = z.object({ token: ApprovalToken });
/** `{token}`. */
export type OpenApprovalBody = z.infer<typeof OpenApprovalBody>;

/** A state (option) as the page shows it: its id, name and colour (`#RRGGBB`, a pastel shade). */
export const ApprovalPageState = z.object({ id: z.string(), name: z.string(), color: z.string() });
/** `{id, name, color}`. */
export type ApprovalPageState = z.infer<typeof ApprovalPageState>;

/** An input field as the page renders it (spec 001 §3 `input.fields`, with its value's type and options). */
export const ApprovalPageField = z.object({
  customFieldId: z.string(),
  label: z.string(),
  required: z.boolean(),
  type: CustomColumnType,
  options: z.array(CustomColumnOption).optional(),
  /** The state ids it is shown for; `null`: every state. */
  stateIds: z.array(z.string()).nullable(),
});
/** An input field of the page. */
export type ApprovalPageField = z.infer<typeof ApprovalPageField>;

/** A decision: the state chosen, who chose it (their address) and when (ISO 8601). */
export const ApprovalDecision = z.object({
  stateId: z.string(),
  stateName: z.string(),
  color: z.string(),
  decidedBy: z.string(),
  decidedAt: z.string(),
});
/** A decision. */
export type ApprovalDecision = z.infer<typeof ApprovalDecision>;

/**
 * `POST /public/approvals/open` response: `pending` — the request as the approver decides it — or `decided`.
 */
export const ApprovalView = z.discriminatedUnion('status', [
  z.object({
    status: z.literal('pending'),
    formName: z.string(),
    submittedAt: z.string(),
    /** What was submitted, in page order: the question's label and its answer as the Results show it ('' unanswered). */
    questions: z.array(z.object({ label: z.string(), answer: z.string() })),
    states: z.array(ApprovalPageState),
    fields: z.array(ApprovalPageField),
    /** The address this link was sent to. */
    approver: z.string(),
    /** When the request stops taking decisions (ISO 8601). */
    expiresAt: z.string(),
  }),
  z.object({ status: z.literal('decided'), formName: z.string(), decision: ApprovalDecision }),
]);
/** What the approver's page shows. */
export type ApprovalView = z.infer<typeof ApprovalView>;

/** `POST /public/approvals/decide` body: the token, the chosen state, and the input fields' values by field id. */
export const DecideApprovalBody = z.object({
  token: ApprovalToken,
  stateId: z.string().min(1).max(64),
  fields: z
    .record(z.string().max(64), z.unknown())
    .refine((fields) => Object.keys(fields).length <= APPROVAL_INPUT_FIELDS_MAX)
    .default({}),
});
/** `{token, stateId, fields}` after parsing. */
export type DecideApprovalBody = z.infer<typeof DecideApprovalBody>;

/** `POST /public/approvals/decide` response: the decision as recorded. */
export const DecideApprovalResponse = z.object({ decision: ApprovalDecision });
/** `{decision}`. */
export type DecideApprovalResponse = z.infer<typeof DecideApprovalResponse>;

const invalidLink = errorResponse(`'${copy.approval.invalidLink}': the token does not verify, or its approval no longer exists.`);

/** `POST /public/approvals/open`: the approver's page (see the module doc). */
export const openApproval = defineEndpoint({
  id: 'approvals.open',
  service: 'workflows-engine',
  method: 'POST',
  path: '/public/approvals/open',
  access: 'public',
  summary: 'Open an approval request',
  description:
    'The token of the approval link (in the body, never in the URL). A waiting request shows the submission, the options ' +
    'and the input fields; a decided one shows the decision.',
  tags: ['approvals'],
  body: OpenApprovalBody,
  responses: {
    200: okResponse(ApprovalView),
    404: invalidLink,
    409: errorResponse(`'${copy.approval.expiredLink}' (details \`{reason: 'expired'}\`), or '${copy.approval.notReady}' (\`{reason: 'not_ready'}\`).`),
  },
});

/** `POST /public/approvals/decide`: records the decision once and resumes the run (see the module doc). */
export const decideApproval = defineEndpoint({
  id: 'approvals.decide',
  service: 'workflows-engine',
  method: 'POST',
  path: '/public/approvals/decide',
  access: 'public',
  summary: 'Decide an approval request',
  description:
    'Records the chosen option and the input fields once; the run goes on along that option. A second decision answers ' +
    "409 'Already decided: <option> by <approver>'.",
  tags: ['approvals'],
  body: DecideApprovalBody,
  responses: {
    200: okResponse(DecideApprovalResponse),
    404: invalidLink,
    409: errorResponse(
      "'Already decided: <option> by <approver>' (details `{reason: 'decided', decision}`), " +
        `'${copy.approval.expiredLink}' (\`{reason: 'expired'}\`) or '${copy.approval.notReady}' (\`{reason: 'not_ready'}\`).`,
    ),
  },
});
