/**
 * How a service type is connected (spec 000 §3 "Service connection", §4 "Service connect form"): one module per
 * connectable type (`integrations/connect/<type>.ts`) calls {@link defineConnect} once and `integrations/registry.ts`
 * lists it. The connect form draws its fields from it, the integrations service checks a config with its schema and
 * keeps its secret fields encrypted, so adding a type adds a module, not branches.
 *
 * Pure; runs in the browser and in the services.
 */
import { z } from 'zod';
import * as copy from '../copy';
import { SERVICE_CONFIG_VALUE_MAX_LENGTH } from '../limits';
import type { ServiceType } from './service-types';

/** One field of a connect form: a config key, how it is asked for, and whether it is a secret. */
export interface ConnectField {
  /** The config key (`apiKey`, `token`, `host` …). */
  key: string;
  /** The label above the input. */
  label: string;
  /** A line under the label: where to find the value. */
  description?: string;
  placeholder?: string;
  /** True for a credential: stored encrypted, never sent back to the browser (`ServiceConnection.secretsSet`). */
  secret: boolean;
  required: boolean;
}

/**
 * A connectable type: its fields and the schema of its config (secret and plain fields together). `auth` says how the
 * account is proven:
 * - `apiKey` — the fields hold a key or token that the service checks with one cheap call to the provider on connect
 *   (ours: spec 000 §4 "per-service config checks");
 * - `oauth2` — the user signs in at the provider and allows access (OAuth 2.0 authorization code; spec 000 §4 "For
 *   OAuth services a separate connect button replaces it"); `fields` is empty, `scopes` are what the app asks for.
 */
export interface ConnectDefinition {
  type: ServiceType;
  auth: 'apiKey' | 'oauth2';
  fields: readonly ConnectField[];
  /** `oauth2`: the scopes asked for, as the provider names them. */
  scopes?: readonly string[];
  /** Parses a complete config; its issues' paths are field keys, their messages what the form shows. */
  config: z.ZodType<Record<string, string>>;
}

/** Returns `definition` (typed): what a connect module exports. */
export function defineConnect(definition: ConnectDefinition): ConnectDefinition {
  return definition;
}

/** The keys of `definition`'s secret fields. */
export function secretKeys(definition: ConnectDefinition): string[] {
  return definition.fields.filter((field) => field.secret).map((field) => field.key);
}

/**
 * A required text field's schema: trimmed, non-empty (`message` when empty), at most SERVICE_CONFIG_VALUE_MAX_LENGTH
 * characters.
 */
export function requiredValue(message: string): z.ZodType<string> {
  return z
    .string({ error: message })
    .trim()
    .min(1, { error: message })
    .max(SERVICE_CONFIG_VALUE_MAX_LENGTH, { error: copy.validation.tooLong(SERVICE_CONFIG_VALUE_MAX_LENGTH) });
}
