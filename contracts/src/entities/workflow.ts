/**
 * Workflows and their templates (spec 001 §3): a trigger `{type, template, nextNodeId, position?}` plus a
 * map of nodes by id, each `{type, template, nextNodeId, position?}`.
 */
import { z } from 'zod';

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

/**
 * The trigger of a workflow. `template` is type-specific: each implemented trigger type's schema is in its
 * module (`workflows/triggers/<type>.ts`, spec 001 §3 trigger templates).
 */
export const WorkflowTrigger = z.object({
  type: TriggerType,
  template: z.record(z.string(), z.unknown()),
  nextNodeId: nodeId.nullable(),
  position: Position.optional(),
});
/** A trigger. */
export type WorkflowTrigger = z.infer<typeof WorkflowTrigger>;

/**
 * A node of a workflow. `template` is type-specific: each implemented node type's schema is in its module
 * (`workflows/nodes/<type>.ts`, e.g. `EmailNodeTemplate`); its outgoing edges are declared there too.
 */
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

/**
 * The email node's template schemas live in its module (`workflows/nodes/email.ts`, spec 001 §3); they are
 * re-exported here for the modules that import them from the entity.
 */
export { EmailBlock, EmailNodeTemplate, EmailRecipient, EmailSenderType } from '../workflows/nodes/email';

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
