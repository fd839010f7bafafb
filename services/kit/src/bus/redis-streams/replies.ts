/**
 * Parsing of Redis Streams replies (XREADGROUP, XAUTOCLAIM, XINFO) and of the bus's entries (field `e`
 * holding the envelope as JSON; docs/architecture.md §4 "Bus"). Pure functions: no connection here.
 */
import type { EventEnvelope } from '@formloom/contracts/events/envelope';
import { parseEnvelopeJson } from '../envelope';

/** A stream entry as Redis returns it; `fields` is null when the entry was deleted (trimmed). */
export interface RawEntry {
  readonly id: string;
  readonly fields: readonly string[] | null;
}

/** Parses an entry `[id, [field, value, …] | null]`; undefined when it has another shape. */
function parseRawEntry(value: unknown): RawEntry | undefined {
  if (!Array.isArray(value)) return undefined;
  const [id, fields] = value as unknown[];
  if (typeof id !== 'string') return undefined;
  if (fields === null || fields === undefined) return { id, fields: null };
  if (!Array.isArray(fields)) return undefined;
  return { id, fields: fields.map(String) };
}

/** The entries of a reply's list, skipping items of another shape. */
function parseRawEntries(entries: unknown[]): RawEntry[] {
  const parsed: RawEntry[] = [];
  for (const entry of entries) {
    const raw = parseRawEntry(entry);
    if (raw) parsed.push(raw);
  }
  return parsed;
}

/** Parses an XREADGROUP reply: `[[stream, [entry, …]], …]` or null (nothing new) → per stream its entries. */
export function parseStreamsReply(value: unknown): Array<{ stream: string; entries: RawEntry[] }> {
  if (!Array.isArray(value)) return [];
  const result: Array<{ stream: string; entries: RawEntry[] }> = [];
  for (const item of value as unknown[]) {
    if (!Array.isArray(item)) continue;
    const [stream, entries] = item as unknown[];
    if (typeof stream !== 'string' || !Array.isArray(entries)) continue;
    result.push({ stream, entries: parseRawEntries(entries as unknown[]) });
  }
  return result;
}

/**
 * Parses an XAUTOCLAIM reply: `[next cursor, [entry, …], deleted ids]` (Redis 7; Redis 6.2 has no third
 * element and returns deleted entries with null fields) → the next cursor (`0-0` when unreadable) and the entries.
 */
export function parseAutoClaimReply(value: unknown): { next: string; entries: RawEntry[] } {
  if (!Array.isArray(value)) return { next: '0-0', entries: [] };
  const [next, entries] = value as unknown[];
  return {
    next: typeof next === 'string' ? next : '0-0',
    entries: Array.isArray(entries) ? parseRawEntries(entries as unknown[]) : [],
  };
}

/**
 * Reads the envelope out of an entry's fields (field `e`, JSON, an `EventEnvelope`), or says why it
 * cannot (`reason`) with the raw text to keep in the dead-letter stream (`raw`).
 */
export function parseEntry(
  fields: readonly string[],
): { ok: true; event: EventEnvelope } | { ok: false; reason: string; raw: string } {
  let json: string | undefined;
  for (let index = 0; index + 1 < fields.length; index += 2) {
    if (fields[index] === 'e') json = fields[index + 1];
  }
  if (json === undefined) return { ok: false, reason: 'no field "e"', raw: JSON.stringify(fields) };
  const parsed = parseEnvelopeJson(json);
  return parsed.ok ? parsed : { ...parsed, raw: json };
}

/** A flat RESP reply `[key, value, key, value, …]` as an object (`{}` for anything else). */
export function pairs(value: unknown): Record<string, unknown> {
  const result: Record<string, unknown> = {};
  if (!Array.isArray(value)) return result;
  for (let index = 0; index + 1 < value.length; index += 2) {
    const key: unknown = value[index];
    if (typeof key === 'string') result[key] = value[index + 1];
  }
  return result;
}
