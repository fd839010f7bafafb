/**
 * Workflow node setup status (spec 001 §4 "Node setup status", "Trigger completeness") and the email node's
 * validation rules (spec 001 §5 "Email node"). Pure; the web shows the status line on each canvas node and
 * the engine refuses to publish an email node that breaks a rule. Covered so far: the `email` node and the
 * `formSubmission` trigger; other node and trigger types answer `null` (not covered yet).
 *
 * The rules read the template defensively (`unknown` in): the editor checks half-filled templates.
 */
import type { FieldError } from '../errors';
import { copy } from '../copy';
import { EmailSenderType } from '../entities/workflow';
import { isLogicRef } from '../logic';
import { isValidEmail } from './answers';

/**
 * A node's setup status line: `complete`, and a `description` — the subject of a complete email node, or
 * for an incomplete node the first missing piece prefixed with 'Setup needed: ' (spec 001 §2).
 */
export interface NodeSetupStatus {
  complete: boolean;
  description: string;
}

/** Prefixes an incomplete node's description with 'Setup needed: ' (spec 001 §2). */
export function setupNeeded(message: string): string {
  return `${copy.workflows.setupNeededPrefix}${message}`;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function field(value: unknown, key: string): unknown {
  return isRecord(value) && Object.prototype.hasOwnProperty.call(value, key) ? value[key] : undefined;
}

/**
 * The addresses a literal recipient value stands for: a string split on commas (like the spec 001 §5 tag
 * inputs), each part trimmed, empty parts dropped; `null`/`undefined` → none; a number or boolean → itself
 * as text (which then fails the address check).
 */
export function literalAddresses(value: unknown): string[] {
  if (value === null || value === undefined) return [];
  if (typeof value === 'string') return value.split(',').map((part) => part.trim()).filter((part) => part !== '');
  if (typeof value === 'number' || typeof value === 'boolean') return [String(value)];
  return [];
}

/**
 * Checks one recipient list (`[{email}]`, each `email` a literal or a `{var}` reference) at `path`.
 * Each literal address must be valid ('Invalid email: {value}' at `<path>.<i>.email`); references are
 * accepted (they resolve at run time). Returns the errors and how many recipients the list names.
 */
function recipientListErrors(list: unknown, path: string): { errors: FieldError[]; count: number } {
  const errors: FieldError[] = [];
  let count = 0;
  if (!Array.isArray(list)) return { errors, count };
  list.forEach((entry, index) => {
    const email = field(entry, 'email');
    if (isLogicRef(email)) {
      count += 1;
      return;
    }
    if (isRecord(email) || Array.isArray(email)) {
      errors.push({ path: `${path}.${index}.email`, message: copy.workflows.invalidEmail(JSON.stringify(email)) });
      return;
    }
    for (const address of literalAddresses(email)) {
      count += 1;
      if (!isValidEmail(address)) errors.push({ path: `${path}.${index}.email`, message: copy.workflows.invalidEmail(address) });
    }
  });
  return { errors, count };
}

/**
 * The spec 001 §5 email node rules, in this order, with paths relative to the node's template:
 * - `email.subject`: required, not blank (`copy.workflows.subjectRequired`);
 * - `email.from`: a sender type must be chosen ('Choose Send email from');
 * - `recipients.list`: at least one recipient (`copy.workflows.recipientsRequired`); each literal address valid
 *   ('Invalid email: {value}', at `recipients.list.<i>.email`; `{var}` references are resolved at run time);
 * - `email.cc.recipients` / `email.bcc.recipients` when enabled: each literal address valid.
 * Returns `[]` when the node is complete. Never throws.
 */
export function emailNodeErrors(template: unknown): FieldError[] {
  const errors: FieldError[] = [];
  const email = field(template, 'email');
  const subject = field(email, 'subject');
  if (typeof subject !== 'string' || subject.trim() === '') {
    errors.push({ path: 'email.subject', message: copy.workflows.subjectRequired });
  }
  if (!EmailSenderType.safeParse(field(field(email, 'from'), 'type')).success) {
    errors.push({ path: 'email.from', message: copy.workflows.chooseSendFrom });
  }
  const recipients = recipientListErrors(field(field(template, 'recipients'), 'list'), 'recipients.list');
  if (recipients.count === 0) errors.push({ path: 'recipients.list', message: copy.workflows.recipientsRequired });
  errors.push(...recipients.errors);
  for (const key of ['cc', 'bcc'] as const) {
    const copyList = field(email, key);
    if (field(copyList, 'enabled') !== true) continue;
    errors.push(...recipientListErrors(field(copyList, 'recipients'), `email.${key}.recipients`).errors);
  }
  return errors;
}

/**
 * spec 001 §4: an email node is incomplete without a subject, a sender type or valid recipients (the
 * description is the first of {@link emailNodeErrors}' messages, prefixed 'Setup needed: '); when complete
 * it shows the subject.
 */
export function emailNodeStatus(template: unknown): NodeSetupStatus {
  const [first] = emailNodeErrors(template);
  if (first) return { complete: false, description: setupNeeded(first.message) };
  const subject = field(field(template, 'email'), 'subject');
  return { complete: true, description: typeof subject === 'string' ? subject.trim() : '' };
}

/**
 * The setup status of a node `{type, template}`; `null` for node types these rules do not cover yet
 * (everything but `email`).
 */
export function nodeSetupStatus(node: { type: string; template: unknown }): NodeSetupStatus | null {
  return node.type === 'email' ? emailNodeStatus(node.template) : null;
}

/**
 * The setup status of a trigger `{type, template}` (spec 001 §4 "Trigger completeness"): `formSubmission`
 * is always complete (description `copy.workflows.formSubmittedDescription`); `null` for the other trigger
 * types (not covered yet).
 */
export function triggerSetupStatus(trigger: { type: string; template: unknown }): NodeSetupStatus | null {
  if (trigger.type === 'formSubmission') return { complete: true, description: copy.workflows.formSubmittedDescription };
  return null;
}
