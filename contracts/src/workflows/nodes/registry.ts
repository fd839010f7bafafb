/**
 * The node types Formloom implements: the one list that names them (docs/architecture.md "Adding a node
 * type"). The spec's other node types (`NodeType`, spec 001 §3) are accepted in templates but have no rules
 * yet: their setup status is unknown (`null`), publish checks only their edges, and the engine fails their
 * step as not supported.
 *
 * Every type listed has a web card and panel. Types in {@link NODE_DEFINITIONS_WITHOUT_EXECUTOR} are edited and
 * checked but not run by the engine yet — their actions need the integrations service (which holds the accounts)
 * or the app builder's runtime: their steps fail with 'The "<type>" step is not supported yet'. Every other type
 * has an engine executor (the engine's registry does not compile otherwise).
 */
import type { NodeType } from '../../entities/workflow';
import { registryOf, type NodeDefinition } from '../define';
import { aiNode } from './ai';
import { airtableNode } from './airtable';
import { approvalNode } from './approval';
import { branchNode } from './branch';
import { codeNode } from './code';
import { databasesNode } from './databases';
import { delayNode } from './delay';
import { discordNode } from './discord';
import { emailNode } from './email';
import { filterNode } from './filter';
import { getCurrentUserOrThrowNode } from './get-current-user-or-throw';
import { googleSheetsNode } from './googlesheets';
import { microsoftTeamsNode } from './microsoft-teams';
import { openAiNode } from './openai';
import { slackNode } from './slack';
import { twilioNode } from './twilio';
import { webhookNode } from './webhook';

/** The implemented node types the engine cannot run yet (see the module doc), one line per type. */
export const NODE_DEFINITIONS_WITHOUT_EXECUTOR = [
  microsoftTeamsNode,
  discordNode,
  twilioNode,
  airtableNode,
  googleSheetsNode,
  databasesNode,
  openAiNode,
  getCurrentUserOrThrowNode,
] as const;

/** Every implemented node type's definition, one line per type. */
export const NODE_DEFINITIONS = [
  emailNode,
  delayNode,
  filterNode,
  branchNode,
  approvalNode,
  webhookNode,
  codeNode,
  aiNode,
  slackNode,
  ...NODE_DEFINITIONS_WITHOUT_EXECUTOR,
] as const;

/** A node type that has a definition (and therefore a web card and panel). */
export type ImplementedNodeType = (typeof NODE_DEFINITIONS)[number]['type'];

/** An implemented node type the engine runs: it has an engine executor. */
export type ExecutableNodeType = Exclude<ImplementedNodeType, (typeof NODE_DEFINITIONS_WITHOUT_EXECUTOR)[number]['type']>;

/** The implemented node types by type: `nodeRegistry.find('email')`; `undefined` for the others. */
export const nodeRegistry = registryOf<NodeDefinition<NodeType, unknown>>(NODE_DEFINITIONS);
