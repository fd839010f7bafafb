/**
 * Workflows and their templates (spec 001 §3): a trigger `{type, template, nextNodeId, position?}` plus a
 * map of nodes by id, each `{type, template, nextNodeId, position?}`.
 */
import { z } from 'zod';
import { LogicValue } from '../logic';

/** spec 001 §3 trigger types. */
export const TriggerType = z.enum([
  'formSubmission',
  'formAbandoned',
  'beforeEventStarts',
  'eventCanceled',
  'eventRescheduled',
  'ziteExecution',
]);
/** A trigger type. */
export type TriggerType = z.infer<typeof TriggerType>;

/** spec 001 §3 node types. */
export const NodeType = z.enum([
  'email',
  'delay',
  'approval',
  'branch',
  'filter',
  'slack',
  'microsoftTeams',
  'discord',
  'twilio',
  'webhook',
  'ai',
  'databases',
  'airtable',
  'openai',
  'code',
  'googlesheets',
  'getCurrentUserOrThrow',
]);
/** A node type. */
export type NodeType = z.infer<typeof NodeType>;

/** A canvas position (px). */
export const Position = z.object({ x: z.number(), y: z.number() });

const nodeId = z.string().min(1).max(64);

/** spec 001 §3: the formSubmission trigger template. */
export const FormSubmissionTriggerTemplate = z.object({ flowPublicIdentifier: z.string().min(1) });

/** The trigger of a workflow. `template` is type-specific (see the spec 001 §3 trigger templates). */
export const WorkflowTrigger = z.object({
  type: TriggerType,
  template: z.record(z.string(), z.unknown()),
  nextNodeId: nodeId.nullable(),
  position: Position.optional(),
});
/** A trigger. */
export type WorkflowTrigger = z.infer<typeof WorkflowTrigger>;

/** A node of a workflow. `template` is type-specific (see e.g. {@link EmailNodeTemplate}). */
export const WorkflowNode = z.object({
  type: NodeType,
  template: z.record(z.string(), z.unknown()),
  nextNodeId: nodeId.nullable(),
  position: Position.optional(),
});
/** A node. */
export type WorkflowNode = z.infer<typeof WorkflowNode>;

/** A workflow template: the trigger and the nodes by id. */
export const WorkflowTemplate = z.object({
  trigger: WorkflowTrigger,
  nodes: z.record(nodeId, WorkflowNode),
});
/** A workflow template. */
export type WorkflowTemplate = z.infer<typeof WorkflowTemplate>;

/** spec 001 §3: email sender types; `formloom_notifications` is `{product}_notifications`. */
export const EmailSenderType = z.enum(['formloom_notifications']);

/** spec 001 §3 email blocks: text, submission_overview (showHidden), button. */
export const EmailBlock = z.discriminatedUnion('type', [
  z.object({ type: z.literal('text'), text: z.string().max(20_000) }),
  z.object({ type: z.literal('submission_overview'), showHidden: z.boolean().default(false) }),
  z.object({
    type: z.literal('button'),
    buttonText: z.string().max(200),
    url: z.string().max(2000).optional(),
    style: z.string().optional(),
    alignment: z.enum(['left', 'center', 'right']).optional(),
  }),
]);
/** An email block. */
export type EmailBlock = z.infer<typeof EmailBlock>;

/** A recipient: an address, literal or a logic value (e.g. `{var: 'answers.w2'}`). */
export const EmailRecipient = z.object({ email: LogicValue });

/** spec 001 §3: the email node template. */
export const EmailNodeTemplate = z.object({
  email: z.object({
    subject: z.string().max(1000),
    from: z.object({ type: EmailSenderType }),
    blocks: z.array(EmailBlock).max(100),
    customFromName: z.string().max(200).optional(),
    replyTo: z.string().max(320).optional(),
    cc: z.object({ enabled: z.boolean(), recipients: z.array(EmailRecipient) }).optional(),
    bcc: z.object({ enabled: z.boolean(), recipients: z.array(EmailRecipient) }).optional(),
  }),
  recipients: z.object({
    type: z.enum(['string', 'picker']),
    list: z.array(EmailRecipient).max(100),
  }),
});
/** An email node template. */
export type EmailNodeTemplate = z.infer<typeof EmailNodeTemplate>;

/** A workflow (spec 001 §3): `{id, name, template, isHidden, isActive}`; ids are UUIDv7. */
export const Workflow = z.object({
  id: z.string(),
  name: z.string(),
  template: WorkflowTemplate,
  isHidden: z.boolean(),
  isActive: z.boolean(),
  flowPublicIdentifier: z.string().nullable(),
  publishedAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
/** A workflow. */
export type Workflow = z.infer<typeof Workflow>;
