/**
 * The `email` node (spec 001 §3 template, §4 setup status, §5 validation, §9 defaults): its template schema,
 * its default template, its rules and its status line. The engine's executor is
 * `services/workflows-engine/src/nodes/email.ts`, the web's card and panel `web/src/features/workflows/nodes/email.tsx`.
 */
import { z } from 'zod';
import type { FieldError } from '../../errors';
import * as copy from '../../copy';
import { isLogicRef } from '../../logic';
import { LogicValue } from '../../logic-schemas';
import { isValidEmail } from '../../rules/answers';
import { defineNode, field, isRecord } from '../define';

/** spec 001 §3: email sender types; `formloom_notifications` is `{product}_notifications`. */
export const EmailSenderType = z.enum(['formloom_notifications']);

/** spec 001 §3 email blocks: text, submission_overview (showHidden), button. */
export const EmailBlock = z.discriminatedUnion('type', [
  z.object({ type: z.literal('text'), text: z.string().max(20_000) }),
  z.object({ type: z.literal('submission_overview'), showHidden: z.boolean().default(false) }),
  z.object({
    type: z.literal('button'),
    buttonText: z.string().max(200),
    url: z.string().max(2000).optional(),
    style: z.string().optional(),
    alignment: z.enum(['left', 'center', 'right']).optional(),
  }),
]);
/** An email block. */
export type EmailBlock = z.infer<typeof EmailBlock>;

/** A recipient: an address, literal or a logic value (e.g. `{var: 'answers.w2'}`). */
export const EmailRecipient = z.object({ email: LogicValue });

/** spec 001 §3: the email node template. */
export const EmailNodeTemplate = z.object({
  email: z.object({
    subject: z.string().max(1000),
    from: z.object({ type: EmailSenderType }),
    blocks: z.array(EmailBlock).max(100),
    customFromName: z.string().max(200).optional(),
    replyTo: z.string().max(320).optional(),
    cc: z.object({ enabled: z.boolean(), recipients: z.array(EmailRecipient) }).optional(),
    bcc: z.object({ enabled: z.boolean(), recipients: z.array(EmailRecipient) }).optional(),
  }),
  recipients: z.object({
    type: z.enum(['string', 'picker']),
    list: z.array(EmailRecipient).max(100),
  }),
});
/** An email node template. */
export type EmailNodeTemplate = z.infer<typeof EmailNodeTemplate>;

/**
 * The body of the default email (spec 001 §9): 'Hi there', then
 * "We've received your submission and will be in touch shortly".
 */
export function defaultEmailBody(): string {
  return `${copy.email.defaultBodyGreeting},\n\n${copy.email.defaultBodyLine}.`;
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
 * The email node (spec 001 §3–§5): incomplete without a subject, a sender type or valid recipients (the
 * description is the first of {@link emailNodeErrors}' messages, prefixed 'Setup needed: '); when complete
 * it shows the subject. The default template is the spec 001 §9 thank-you email (subject 'Thank you for
 * your submission', the default body, a submission overview) with no recipients yet.
 */
export const emailNode = defineNode({
  type: 'email',
  schema: EmailNodeTemplate,
  defaultTemplate: (): EmailNodeTemplate => ({
    email: {
      subject: copy.email.defaultSubject,
      from: { type: 'formloom_notifications' },
      blocks: [
        { type: 'text', text: defaultEmailBody() },
        { type: 'submission_overview', showHidden: false },
      ],
    },
    recipients: { type: 'string', list: [] },
  }),
  rules: emailNodeErrors,
  describe: (template) => {
    const subject = field(field(template, 'email'), 'subject');
    return typeof subject === 'string' ? subject.trim() : '';
  },
});
