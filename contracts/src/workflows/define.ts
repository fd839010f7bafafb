/**
 * How a workflow node type or trigger type is described (spec 001 §3 templates, §4 setup status, §5
 * validation): one module per type (`workflows/nodes/<type>.ts`, `workflows/triggers/<type>.ts`) calls
 * {@link defineNode} or {@link defineTrigger} once, and the type's registry lists it. Everything the web and
 * the engine ask of a type — its template schema, a default template, its setup status line, its publish
 * checks and (for nodes) its outgoing edges — comes from that one definition, so adding a type never adds a
 * branch elsewhere (docs/architecture.md "Adding a node type").
 *
 * Pure; runs in the browser and in the services. The rules read templates defensively (`unknown` in): the
 * editor checks half-filled templates.
 */
import type { z } from 'zod';
import type { FieldError } from '../errors';
import type { NodeType, TriggerType } from '../entities/workflow';
import type { AnswerKind } from '../rules/conditions';
import * as copy from '../copy';
import { fieldErrorsFromIssues } from '../rules/field-errors';

/**
 * A node's (or trigger's) setup status line (spec 001 §2): `complete`, and a `description` — what a complete
 * node shows (e.g. an email's subject), or for an incomplete one its first missing piece prefixed with
 * 'Setup needed: '.
 */
export interface NodeSetupStatus {
  complete: boolean;
  description: string;
}

/** Prefixes an incomplete node's description with 'Setup needed: ' (spec 001 §2). */
export function setupNeeded(message: string): string {
  return `${copy.workflows.setupNeededPrefix}${message}`;
}

/** True for a plain object (not null, not an array). */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** `value[key]` when `value` is an object that owns `key`, else `undefined`. Never throws. */
export function field(value: unknown, key: string): unknown {
  return isRecord(value) && Object.prototype.hasOwnProperty.call(value, key) ? value[key] : undefined;
}

/** Prefixes every error's path with `prefix` (`template` + `email.subject` → `template.email.subject`). */
export function prefixErrors(errors: readonly FieldError[], prefix: string): FieldError[] {
  return errors.map((error) => ({ path: error.path ? `${prefix}.${error.path}` : prefix, message: error.message }));
}

/**
 * An outgoing edge of a node (spec 001 §2 canvas, §3 `nextNodeId`): where it is stored in the node and the
 * node it leads to. A node type declares its edges: most have the one edge `nextNodeId`; the branch node has one
 * per branch (`template.branches.<i>.nextNodeId`, labelled by the branch's id — spec 001 §2 "Edges leaving an
 * approval state or a branch are labelled by that state's or branch's id"), then 'Otherwise' (its `nextNodeId`).
 */
export interface NodeEdge {
  /** Where the edge is stored, relative to the node: `nextNodeId`, `template.branches.0.nextNodeId` … */
  path: string;
  /** The node id it leads to; `null` when it leads nowhere (the run ends there). */
  target: string | null;
  /** The canvas label (a branch's or approval state's id); none for the plain `nextNodeId` edge. */
  label?: string;
}

/** A node as the definitions read it: the parts of `WorkflowNode` every type has (spec 001 §3). */
export interface NodeShape {
  nextNodeId: string | null;
  template: unknown;
}

/** The one edge of a node that has no other: its `nextNodeId`. */
export function nextNodeIdEdge(node: NodeShape): NodeEdge[] {
  return [{ path: 'nextNodeId', target: node.nextNodeId }];
}

/** What every type's module states about its template (see {@link defineNode}, {@link defineTrigger}). */
export interface TemplateRulesInput<TTemplate> {
  /** The template's zod schema (spec 001 §3): what the engine parses before it runs the node. */
  schema: z.ZodType<TTemplate>;
  /**
   * The spec's rules for this type (spec 001 §4 setup status, §5 validation) in the order the setup status
   * names them, as `{path, message}` with paths relative to the template (`email.subject`). The first one is
   * the incomplete node's description; all of them refuse a publish. Must not throw, whatever the input.
   */
  rules(template: unknown): FieldError[];
  /** The description of a complete template (spec 001 §4, e.g. the email's subject). Must not throw. */
  describe(template: unknown): string;
}

/** The template side of a definition: schema, rules, status line and publish checks. */
export interface TemplateRules<TTemplate> {
  /** See {@link TemplateRulesInput.schema}. */
  readonly schema: z.ZodType<TTemplate>;
  /** See {@link TemplateRulesInput.rules}: `[]` when the template is complete. */
  rules(template: unknown): FieldError[];
  /**
   * The setup status line (spec 001 §2, §4): incomplete with the first rule's message prefixed
   * 'Setup needed: ', else complete with {@link TemplateRulesInput.describe}'s text.
   */
  status(template: unknown): NodeSetupStatus;
  /**
   * The publish checks of the template (spec 001 §5), paths relative to the template: the rules, then the
   * schema's issues at the paths no rule already reported (a rule's message is the one a user understands).
   */
  templateErrors(template: unknown): FieldError[];
}

function templateRules<TTemplate>(input: TemplateRulesInput<TTemplate>): TemplateRules<TTemplate> {
  const { schema, rules, describe } = input;
  return {
    schema,
    rules,
    status(template) {
      const [first] = rules(template);
      return first ? { complete: false, description: setupNeeded(first.message) } : { complete: true, description: describe(template) };
    },
    templateErrors(template) {
      const reported = rules(template);
      const parsed = schema.safeParse(template);
      const shape = parsed.success ? [] : fieldErrorsFromIssues(parsed.error.issues, template);
      const covered = (path: string) => reported.some((rule) => path === rule.path || path.startsWith(`${rule.path}.`));
      return [...reported, ...shape.filter((issue) => !covered(issue.path))];
    },
  };
}

/**
 * One field of a node's output that later nodes may read (`{var: 'nodes.<nodeId>.<field>'}`, `logic.ts`), as the
 * editor's variable picker offers it (`workflows/variables.ts`).
 */
export interface NodeOutputField {
  /** The key in the step's output object (`summary`, `statusCode`, `result` …); dotted for nested values. */
  field: string;
  /** What the picker shows ('Summary', 'Response status'). */
  label: string;
  /**
   * What its values are, for the filter and branch conditions that compare it (their operators and value fields,
   * `rules/conditions.ts` `AnswerKind`); default `text`.
   */
  kind?: AnswerKind;
}

/** spec 001 §2 "Add-action popover": the kinds of flow a node type serves ('form' by default; 'zite' for the app builder). */
export type WorkflowFlowType = 'form' | 'zite';

/** What a node type's module gives {@link defineNode}. */
export interface NodeDefinitionInput<TType extends NodeType, TTemplate> extends TemplateRulesInput<TTemplate> {
  /** The spec 001 §3 node type. */
  type: TType;
  /** A new template for a node just added on the canvas (spec 001 §3, §9 defaults); a fresh object per call. */
  defaultTemplate(): TTemplate;
  /**
   * The node's outgoing edges (see {@link NodeEdge}); default {@link nextNodeIdEdge}. The FIRST edge is the one a
   * node inserted before an existing one leads on by (spec 001 §4 "Adding a node": "the source's old next node
   * becomes the new node's next (for a branch or approval node, its first branch or state)"). Must not throw.
   */
  edges?(node: NodeShape): NodeEdge[];
  /**
   * The fields of this node's step output that later nodes may use (see {@link NodeOutputField}), for a template
   * as it stands (an AI extraction names its own fields); default none. Must not throw.
   */
  outputs?(template: unknown): NodeOutputField[];
  /** The flow types whose add-action popover offers this type (spec 001 §2); default `['form']`. */
  flowTypes?: readonly WorkflowFlowType[];
  /**
   * True for a type that sends data to an external AI provider: hidden from the popover and the gallery for an
   * organization in the `EU_AGENT` data region (spec 001 §2). Default false.
   */
  hiddenInAgentRegion?: boolean;
}

/** A node type's definition: built by {@link defineNode}, listed in `workflows/nodes/registry.ts`. */
export interface NodeDefinition<TType extends NodeType = NodeType, TTemplate = unknown> extends TemplateRules<TTemplate> {
  readonly type: TType;
  /** See {@link NodeDefinitionInput.defaultTemplate}. */
  defaultTemplate(): TTemplate;
  /** The node's outgoing edges (see {@link NodeEdge}). */
  edges(node: NodeShape): NodeEdge[];
  /** See {@link NodeDefinitionInput.outputs}: `[]` when the type declares none. */
  outputs(template: unknown): NodeOutputField[];
  /** See {@link NodeDefinitionInput.flowTypes}. */
  readonly flowTypes: readonly WorkflowFlowType[];
  /** See {@link NodeDefinitionInput.hiddenInAgentRegion}. */
  readonly hiddenInAgentRegion: boolean;
  /**
   * The publish checks of a node (spec 001 §5) with paths relative to the node (`template.email.subject`):
   * {@link TemplateRules.templateErrors} under `template`.
   */
  publishErrors(node: NodeShape): FieldError[];
}

/**
 * Defines a node type (see the module doc): the module's schema, default template, rules, description and
 * edges, plus the derived setup status and publish checks. Pure; never throws.
 */
export function defineNode<TType extends NodeType, TTemplate>(input: NodeDefinitionInput<TType, TTemplate>): NodeDefinition<TType, TTemplate> {
  const rules = templateRules(input);
  return {
    ...rules,
    type: input.type,
    defaultTemplate: input.defaultTemplate,
    edges: input.edges ?? nextNodeIdEdge,
    outputs: input.outputs ?? (() => []),
    flowTypes: input.flowTypes ?? ['form'],
    hiddenInAgentRegion: input.hiddenInAgentRegion ?? false,
    publishErrors: (node) => prefixErrors(rules.templateErrors(node.template), 'template'),
  };
}

/**
 * What a new trigger's default template is made for (spec 001 §3, §4 "Initial values"): the form (or app) the
 * workflow belongs to, whether it is a form or the app builder's flow, and the form's scheduling pages (the event
 * triggers preselect the only one).
 */
export interface TriggerContext {
  flowPublicIdentifier: string;
  /** Default `form`. */
  flowType?: WorkflowFlowType;
  /** The ids of the form's scheduling pages (`workflows/triggers/scheduling-pages.ts`); default none. */
  schedulingStepIds?: readonly string[];
}

/** What a trigger type's module gives {@link defineTrigger}. */
export interface TriggerDefinitionInput<TType extends TriggerType, TTemplate> extends TemplateRulesInput<TTemplate> {
  /** The spec 001 §3 trigger type. */
  type: TType;
  /** A new template for this trigger on the form (spec 001 §4 "Initial values"); a fresh object per call. */
  defaultTemplate(context: TriggerContext): TTemplate;
}

/** A trigger type's definition: built by {@link defineTrigger}, listed in `workflows/triggers/registry.ts`. */
export interface TriggerDefinition<TType extends TriggerType = TriggerType, TTemplate = unknown> extends TemplateRules<TTemplate> {
  readonly type: TType;
  /** See {@link TriggerDefinitionInput.defaultTemplate}. */
  defaultTemplate(context: TriggerContext): TTemplate;
  /** The publish checks of a trigger (spec 001 §5), paths relative to the trigger (`template.…`). */
  publishErrors(trigger: { template: unknown }): FieldError[];
}

/** Defines a trigger type (see the module doc). Pure; never throws. */
export function defineTrigger<TType extends TriggerType, TTemplate>(
  input: TriggerDefinitionInput<TType, TTemplate>,
): TriggerDefinition<TType, TTemplate> {
  const rules = templateRules(input);
  return {
    ...rules,
    type: input.type,
    defaultTemplate: input.defaultTemplate,
    publishErrors: (trigger) => prefixErrors(rules.templateErrors(trigger.template), 'template'),
  };
}

/** A registry: finds a definition by its type among an implemented list (see `nodes/registry.ts`). */
export interface Registry<TDefinition extends { readonly type: string }> {
  /** The definitions in registration order. */
  readonly definitions: readonly TDefinition[];
  /** The definition of `type`, or `undefined` when that type is not implemented (or unknown). Never throws. */
  find(type: string): TDefinition | undefined;
}

/**
 * Indexes `definitions` by type.
 * @throws Error when two definitions share a type (a registry lists each type once).
 */
export function registryOf<TDefinition extends { readonly type: string }>(definitions: readonly TDefinition[]): Registry<TDefinition> {
  const byType = new Map<string, TDefinition>();
  for (const definition of definitions) {
    if (byType.has(definition.type)) throw new Error(`"${definition.type}" is registered twice`);
    byType.set(definition.type, definition);
  }
  return { definitions, find: (type) => byType.get(type) };
}
