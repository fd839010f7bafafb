/**
 * Flow names: the default name of a new flow (spec 000 §9) and de-duplication within a workspace.
 * Pure; runs in the browser and the services.
 */
import type { FlowType } from '../entities/flow';
import * as copy from '../copy';
import { FLOW_NAME_MAX_LENGTH } from '../limits';

const NUMBERED = /^(.*\S) \((\d+)\)$/;

/**
 * The first free name among `name`, `<base> (2)`, `<base> (3)`, … where `<base>` is `name` without a trailing
 * ` (n)` (so a copy of 'My form (2)' becomes 'My form (3)' when 'My form (2)' is taken, not 'My form (2) (2)').
 * `name` is trimmed (an empty name becomes `copy.defaultNames.newForm`); comparison with `existingNames` is
 * case-insensitive and ignores surrounding whitespace. Numbering starts at 2 even when the given name carries
 * a higher number, so freed numbers are reused. A base that would push a numbered name past
 * `maxLength` (default `FLOW_NAME_MAX_LENGTH`; themes pass `THEME_NAME_MAX_LENGTH`) is shortened to fit.
 *
 * Examples: `dedupeFlowName('My form', [])` → 'My form'; `dedupeFlowName('My form', ['my form'])` →
 * 'My form (2)'; `dedupeFlowName('My form', ['My form', 'My form (2)'])` → 'My form (3)'.
 */
export function dedupeFlowName(name: string, existingNames: Iterable<string>, maxLength = FLOW_NAME_MAX_LENGTH): string {
  const wanted = name.trim() || copy.defaultNames.newForm;
  const taken = new Set<string>();
  for (const existing of existingNames) taken.add(nameKey(existing));
  if (!taken.has(nameKey(wanted))) return wanted;
  const base = NUMBERED.exec(wanted)?.[1] ?? wanted;
  for (let n = 2; ; n += 1) {
    const candidate = numbered(base, n, maxLength);
    if (!taken.has(nameKey(candidate))) return candidate;
  }
}

function nameKey(name: string): string {
  return name.trim().toLowerCase();
}

function numbered(base: string, n: number, maxLength: number): string {
  const suffix = ` (${n})`;
  return `${base.slice(0, maxLength - suffix.length).trimEnd()}${suffix}`;
}

/**
 * The default name of a new flow of `type` (spec 000 §9 lists 'New form', 'My form', 'My quiz', 'Payment form',
 * 'My {service} form' without mapping them to types): `form` → 'My form', `quiz` → 'My quiz', every other type
 * (`scheduling`, `base`, `zite`) → 'New form'. 'Payment form' and 'My {service} form' belong to the payment and
 * service-connect stages of the new-flow dialog, not to a flow type (see `copy.defaultNames`).
 */
export function defaultFlowName(type: FlowType): string {
  if (type === 'form') return copy.defaultNames.myForm;
  if (type === 'quiz') return copy.defaultNames.myQuiz;
  return copy.defaultNames.newForm;
}
