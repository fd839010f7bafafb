/**
 * The connectors by service type (one module each, `connectors/<type>.ts`). Every type with a connect definition in
 * contracts (`integrations/registry.ts`) has one here; a test holds the two lists equal.
 */
import type { ServiceType } from '@formloom/contracts/integrations/service-types';
import { airtableConnector } from './airtable';
import { notionConnector } from './notion';
import { slackConnector } from './slack';
import type { Connector } from './types';

/** Every connector, by type. */
export const CONNECTORS: Readonly<Partial<Record<ServiceType, Connector>>> = {
  airtable: airtableConnector,
  notion: notionConnector,
  slack: slackConnector,
};
