/**
 * The connectable service types (one `integrations/connect/<type>.ts` module each; `define.ts`). A type of
 * `SERVICE_TYPES` without a module here cannot be connected yet: the integrations service refuses it with
 * `copy.integrations.notConnectableYet`.
 */
import type { ConnectDefinition } from './define';
import { airtableConnect } from './connect/airtable';
import { notionConnect } from './connect/notion';
import { slackConnect } from './connect/slack';
import type { ServiceType } from './service-types';

/** Every connect definition, by type. */
export const CONNECT_DEFINITIONS: Readonly<Partial<Record<ServiceType, ConnectDefinition>>> = {
  airtable: airtableConnect,
  notion: notionConnect,
  slack: slackConnect,
};

/** The connect definition of `type`, or `undefined` when it cannot be connected yet. */
export function connectDefinition(type: ServiceType): ConnectDefinition | undefined {
  return CONNECT_DEFINITIONS[type];
}
