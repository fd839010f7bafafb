/**
 * Node executors: what the run worker (`../worker.ts`) calls to run one node of a workflow (docs/architecture.md
 * "workflows-engine" and "Adding a node type"). One module per node type (`nodes/<type>.ts`) defines its
 * executor with {@link defineExecutor} from the type's contracts module (`@formloom/contracts/workflows/nodes/
 * <type>`), and `nodes/registry.ts` lists it. The worker never names a node type: it asks the executor where
 * the node's effect goes ({@link NodeExecutor.local}), runs it, and writes the {@link NodeOutcome}.
 *
 * Where the effect goes decides how the step is written:
 * - `local` (the effect stays in the engine's database, e.g. an email without SMTP: its mail log row is the
 *   delivery): the executor only computes — no I/O — and returns the effect; the step, its effect and, when
 *   it is the run's last, the run's end are written by ONE statement shared with the runs finishing at the
 *   same time (group commit), fenced by the run's lease. Exactly once.
 * - otherwise (an outside effect, e.g. SMTP): the step is first written `running`, the executor runs while a
 *   heartbeat extends the run's lease, then the outcome and its effects are committed, fenced the same way.
 *   A crash between the outside effect and that commit repeats the effect when the run is reclaimed
 *   (at-least-once).
 */
import type { NodeType, TriggerType, WorkflowNode } from '@formloom/contracts/entities/workflow';
import type { FormSubmittedData } from '@formloom/contracts/events/form-submitted';
import type { LogicContext } from '@formloom/contracts/logic';
import type { NodeDefinition } from '@formloom/contracts/workflows/define';
import type { ApprovalLinkSigner } from '../domain/approval-tokens';
import type { AiProvider } from '../ai-provider';
import type { MailRecord } from '../domain/mail';
import type { SubmissionFilesApi } from '../flows-client';
import type { FieldError } from '@formloom/contracts/errors';
import type { CodeSandbox } from '../sandbox/code-sandbox';
import type { IntegrationsApi } from '../integrations-client';
import type { RateLimit } from '@formloom/kit/rate-limit';
import type { Mailer } from '@formloom/kit/mail';
import type { AllowedHost, OutboundLookup } from '@formloom/kit/outbound-http';

/**
 * How nodes reach URLs their users chose (the webhook node), always through the kit's outbound guard
 * (`@formloom/kit/outbound-http`).
 */
export interface OutboundServices {
  /** Hosts let through although local or private (WEBHOOK_ALLOWED_HOSTS). */
  allowedHosts: readonly AllowedHost[];
  /** The resolver (default the system's; tests make names resolve where they want). */
  lookup?: OutboundLookup;
  /** The wait before a request's second attempt (ms), doubled for each further one (WEBHOOK_NODE_RETRY_BASE_MS). */
  retryBaseMs: number;
}

/** The services an executor may use (the worker's; tests pass their own). */
export interface NodeServices {
  mailer: Mailer;
  /** The sender address of emails (MAIL_FROM). */
  mailFrom: string;
  /**
   * The per-recipient limit of emails sent over SMTP to addresses taken from answers (key: organization and
   * address); absent when `WORKFLOW_EMAIL_RECIPIENT_RATE_LIMIT` is 0.
   */
  recipientLimit?: RateLimit;
  /** The product's public origin (PUBLIC_URL): links in mail (an approver's page) point there. */
  publicUrl?: string;
  /** Signs the links of approval emails (`domain/approval-tokens.ts`); absent: approval steps fail as not configured. */
  approvalLinks?: ApprovalLinkSigner;
  /** The operator's AI provider (`AI_*` settings, `ai-provider.ts`); absent when none is configured (AI steps then fail). */
  ai?: AiProvider;
  /**
   * A submission's uploaded files with their bytes (flows' internal API), for email attachments sent over SMTP;
   * absent when flows is not configured (the files are then left out, named in the step's `skipped`).
   */
  files?: SubmissionFilesApi;
  /** Outbound HTTP (the webhook node). */
  outbound: OutboundServices;
  /** The code node's sandbox (`sandbox/code-sandbox.ts`). */
  codeSandbox: CodeSandbox;
  /** The integrations service (integration steps: slack …); absent when INTEGRATIONS_URL is not set. */
  integrations?: IntegrationsApi;
}

/**
 * When the engine checks templates on the server: `save` (a draft: what may still change before publishing, such
 * as a name that does not resolve yet, passes) or `publish` (everything must hold).
 */
export type TemplateCheckPhase = 'save' | 'publish';

/**
 * What a node type's server-side check found (see {@link ExecutorImplementation.checkTemplate}): `errors`, paths
 * relative to the node's template; `waived`, the template paths whose contracts rule errors do not apply here
 * (a URL whose host the operator allows although the editor's rule calls it local).
 */
export interface TemplateCheck {
  errors: FieldError[];
  waived: string[];
}

/** The run a node runs in, as the worker claimed it. */
export interface RunInfo {
  id: string;
  workflowId: string;
  organizationId: number;
  /** Claims of the run since it was queued or last resumed from a wait (1 on the first). */
  attempts: number;
}

/** What an executor gets for one node of one run. */
export interface RunContext<TTemplate> {
  run: RunInfo;
  /** The run's trigger: its type and the data of the event that started the run (`form.submitted` v1 today). */
  trigger: { type: TriggerType; data: FormSubmittedData };
  /**
   * The data logic values resolve against (`@formloom/contracts/logic`): answers, submission, form, and `nodes` —
   * the outputs of the run's earlier steps by node id.
   */
  logic: LogicContext;
  nodeId: string;
  /**
   * The step's idempotency key ({@link stepIdempotencyKey}): the same for every attempt of this node in this run,
   * so an effect repeated after a crash (the at-least-once window of the module doc) can be recognised by whoever
   * receives it — the webhook node sends it as the `Idempotency-Key` header.
   */
  idempotencyKey: string;
  /** The node as the published template has it. */
  node: WorkflowNode;
  /** The node's template, parsed with its contracts module's schema. */
  template: TTemplate;
  services: NodeServices;
}

/**
 * The idempotency key of a run's step: `<runId>:<nodeId>` — stable across attempts and reclaims of the step (a
 * node runs at most once per run: templates are acyclic), different for every other step and run.
 */
export function stepIdempotencyKey(runId: string, nodeId: string): string {
  return `${runId}:${nodeId}`;
}

/** A step's input before its template is parsed: the {@link RunContext} without `template`. */
export type StepInput = Omit<RunContext<unknown>, 'template'>;

/**
 * Effects of a step that stay in the engine's database, written by the worker in the same statement as the
 * step (so they happen exactly once per step): mail log rows — `mail` (an email step's one) and `mails` (several, an
 * approval step's one per approver; each with its own `part`).
 */
export interface StepEffects {
  mail?: MailRecord;
  mails?: readonly MailRecord[];
}

/** A waiting step as the worker finds it when its run is due again: its output and the node it was to go on to. */
export interface WaitingStep {
  output: unknown;
  next: string | null;
}

/**
 * What running a node gives:
 * - `next`: the step succeeded with `output` (shown in the runs list); the run goes on to `next` — a node id
 *   among the node's declared edges (a branch's choice), or `null` to end the run — by default the node's
 *   `nextNodeId`; `effects` are written with the step;
 * - `wait`: the step waits, with `output`, until `until`; the run is kept as a `waiting` row with that due
 *   time and goes on to `next` (default `nextNodeId`) once it is due — across restarts and replicas; `effects` are
 *   written with the waiting step. Something outside the run may end the wait earlier: it changes the waiting step's
 *   output and next node and makes the run due now, in one transaction (an approval's decision,
 *   `domain/approvals.ts`). When the run is due, the executor's {@link NodeExecutor.resume} says how the step ends;
 * - `fail`: the step and the run fail with `error` (shown to the user).
 */
export type NodeOutcome =
  | { kind: 'next'; output?: unknown; next?: string | null; effects?: StepEffects }
  | { kind: 'wait'; until: Date; output?: unknown; next?: string | null; effects?: StepEffects }
  | { kind: 'fail'; error: string };

/** A registered executor (see the module doc); built by {@link defineExecutor}. */
export interface NodeExecutor<TType extends NodeType = NodeType> {
  readonly type: TType;
  /** True when, with these services, the node's effect stays in the engine's database (see the module doc). */
  local(services: NodeServices): boolean;
  /**
   * Parses the node's template with its type's schema and runs it. An unparsable template fails the step
   * ('Invalid <type> step: <first issue>'). @throws only on unexpected errors (the run is then retried after
   * its lease, like a crash).
   */
  run(input: StepInput): Promise<NodeOutcome>;
  /**
   * How a waiting step of this type ends once its run is due (its wait is over, or something ended it early): by
   * default it succeeds as it is — its output, going on to its next node. Pure; must not throw.
   */
  resume(waiting: WaitingStep): NodeOutcome;
  /** True when a step of this type sends email (turning such a workflow on needs a confirmed address over SMTP). */
  readonly sendsMail: boolean;
  /** See {@link ExecutorImplementation.checkTemplate}; resolves no errors for a type that has no such checks. */
  checkTemplate(template: unknown, outbound: Pick<OutboundServices, 'allowedHosts' | 'lookup'>, phase: TemplateCheckPhase): Promise<TemplateCheck>;
}

/** What a node type's executor module gives {@link defineExecutor}. */
export interface ExecutorImplementation<TTemplate> {
  /** See {@link NodeExecutor.local}. */
  local(services: NodeServices): boolean;
  /**
   * Runs the node. A local executor must not do I/O: it returns its effect instead. Returns `fail` for
   * whatever the user should see; throws only on unexpected errors.
   */
  execute(context: RunContext<TTemplate>): NodeOutcome | Promise<NodeOutcome>;
  /** See {@link NodeExecutor.resume}; default: the step succeeds as it is. */
  resume?(waiting: WaitingStep): NodeOutcome;
  /** See {@link NodeExecutor.sendsMail}; default false. */
  sendsMail?: boolean;
  /**
   * The server's own checks of a node's template when a workflow is saved, created or published, beyond the
   * contracts' pure rules — those that need I/O (DNS) or the operator's settings (WEBHOOK_ALLOWED_HOSTS). The
   * template is unparsed (a draft may be half-filled). Default: none. Must not throw for any template.
   */
  checkTemplate?(template: unknown, outbound: Pick<OutboundServices, 'allowedHosts' | 'lookup'>, phase: TemplateCheckPhase): Promise<TemplateCheck>;
}

/** The default {@link NodeExecutor.resume}: the waiting step succeeds with its output and goes on to its next node. */
export function resumeAsWaited(waiting: WaitingStep): NodeOutcome {
  return { kind: 'next', output: waiting.output, next: waiting.next };
}

/** Defines the executor of the node type `definition` describes (its contracts module). */
export function defineExecutor<TType extends NodeType, TTemplate>(
  definition: NodeDefinition<TType, TTemplate>,
  implementation: ExecutorImplementation<TTemplate>,
): NodeExecutor<TType> {
  return {
    type: definition.type,
    local: implementation.local,
    resume: implementation.resume ?? resumeAsWaited,
    sendsMail: implementation.sendsMail ?? false,
    async run(input) {
      const parsed = definition.schema.safeParse(input.node.template);
      if (!parsed.success) {
        return { kind: 'fail', error: `Invalid ${definition.type} step: ${parsed.error.issues[0]?.message ?? ''}`.trim() };
      }
      return implementation.execute({ ...input, template: parsed.data });
    },
    checkTemplate: async (template, outbound, phase) =>
      implementation.checkTemplate ? implementation.checkTemplate(template, outbound, phase) : { errors: [], waived: [] },
  };
}
