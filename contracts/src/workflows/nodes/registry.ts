/**
 * The node types Formloom implements: the one list that names them (docs/architecture.md "Adding a node
 * type"). The spec's other node types (`NodeType`, spec 001 §3) are accepted in templates but have no rules
 * yet: their setup status is unknown (`null`), publish checks only their edges, and the engine fails their
 * step as not supported.
 */
import type { NodeType } from '../../entities/workflow';
import { registryOf, type NodeDefinition } from '../define';
import { codeNode } from './code';
import { emailNode } from './email';
import { webhookNode } from './webhook';

/** Every implemented node type's definition, one line per type. */
export const NODE_DEFINITIONS = [
  emailNode,
  webhookNode,
  codeNode,
] as const;

/** A node type that has a definition (and therefore an engine executor and a web card). */
export type ImplementedNodeType = (typeof NODE_DEFINITIONS)[number]['type'];

/** The implemented node types by type: `nodeRegistry.find('email')`; `undefined` for the others. */
export const nodeRegistry = registryOf<NodeDefinition<NodeType, unknown>>(NODE_DEFINITIONS);
