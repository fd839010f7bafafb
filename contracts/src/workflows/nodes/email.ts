/**
 * The `email` node (spec 001 §3 template, §4 setup status, §5 validation, §9 defaults): its template schema,
 * its default template, its rules and its status line. The engine's executor is
 * `services/workflows-engine/src/nodes/email.ts` (composition: `src/domain/email.ts`), the web's card and panel
 * `web/src/features/workflows/nodes/email.tsx`.
 *
 * The template (spec 001 §3): `email {subject, from {type}, blocks, attachments, cc {enabled, recipients[email]},
 * bcc {…}, replyTo, customFromName}` and `recipients {type: 'string' | 'picker', list [{email}]}`. Text may carry
 * variables (`{{answers.<id>}}`, `{{nodes.<id>.<field>}}`: `logic.ts`); recipients are literal addresses or
 * `{var}` references. Blocks:
 * - `text`: rich text (`rules/rich-text.ts`, with headings 1–3, bold, italic, underline, links: spec 001 §9), or a
 *   plain string — what templates held before text was rich, and what API callers may still send; a string reads
 *   as paragraphs split on blank lines ({@link emailTextDoc});
 * - `submission_overview` (`showHidden`: the hidden fields too);
 * - `button` (`buttonText`, `buttonType`, `url`, `style`, `alignment`). The spec's button has a `type`
 *   (`edit_submission`); it is `buttonType` here, `type` being the block's own discriminator: `edit_submission`
 *   links to the respondent's edit link of the submission, `url` (ours; the default) to `url`;
 * - `approval_buttons`: the approval step's decision buttons (spec 001 §3 "approval buttons"): the approval node
 *   supplies their links when it sends its request; in any other email the block shows nothing.
 * `attachments` (spec 001 §3 "attachments (files)"): references `{var: 'answers.<widgetId>'}` to the form's file
 * upload questions; their files are attached when the email is sent (bounds in `limits.ts` `EMAIL_ATTACHMENTS_*`).
 */
import { z } from 'zod';
import type { FieldError } from '../../errors';
import * as copy from '../../copy';
import { EMAIL_ATTACHMENT_FIELDS_MAX, EMAIL_MAX_BLOCKS, EMAIL_MAX_RECIPIENTS, EMAIL_TEXT_MAX_LENGTH } from '../../limits';
import { isLogicRef } from '../../logic';
import { LogicRef, LogicValue } from '../../logic-schemas';
import { isValidEmail } from '../../rules/answers';
import type { RichText } from '../../rules/rich-text';
import { plainTextToRichText } from '../../rules/rich-text-convert';
import { richTextSchema } from '../../widgets/shared/rich-text';
import { defineNode, field, isRecord } from '../define';

/** spec 001 §3: email sender types; `formloom_notifications` is `{product}_notifications`. */
export const EMAIL_SENDER_TYPES = ['formloom_notifications'] as const;
/** spec 001 §3: an email sender type. */
export const EmailSenderType = z.enum(EMAIL_SENDER_TYPES);
/** An email sender type. */
export type EmailSenderType = z.infer<typeof EmailSenderType>;

/** The rich text of an email's text block: the shared model with headings 1–3 (spec 001 §9), bounded (`limits.ts`). */
export const EmailRichText = richTextSchema({
  maxLength: EMAIL_TEXT_MAX_LENGTH,
  headings: true,
  tooLong: copy.emailEditor.rules.textTooLong(EMAIL_TEXT_MAX_LENGTH),
});

/** What a button opens (see the module doc): the respondent's edit link, or a web address. */
export const EMAIL_BUTTON_TYPES = ['edit_submission', 'url'] as const;
/** A button's look (ours): a filled button, an outlined one, or a plain link. */
export const EMAIL_BUTTON_STYLES = ['filled', 'outline', 'link'] as const;
/** Where a button sits. */
export const EMAIL_ALIGNMENTS = ['left', 'center', 'right'] as const;

/** A text block: rich text, or plain text (see the module doc). */
export const EmailTextBlock = z.object({ type: z.literal('text'), text: z.union([z.string().max(EMAIL_TEXT_MAX_LENGTH), EmailRichText]) });
/** A submission overview block. */
export const EmailOverviewBlock = z.object({ type: z.literal('submission_overview'), showHidden: z.boolean().default(false) });
/** A button block (see the module doc); `buttonType` absent means `url`, `style` absent `filled`, alignment `left`. */
export const EmailButtonBlock = z.object({
  type: z.literal('button'),
  buttonText: z.string().max(200),
  buttonType: z.enum(EMAIL_BUTTON_TYPES).optional(),
  url: z.string().max(2000).optional(),
  // A look this version does not know (a newer editor's) falls back to the default rather than refusing the workflow.
  style: z.enum(EMAIL_BUTTON_STYLES).optional().catch(undefined),
  alignment: z.enum(EMAIL_ALIGNMENTS).optional(),
});
/** The approval step's decision buttons (see the module doc). */
export const EmailApprovalButtonsBlock = z.object({ type: z.literal('approval_buttons'), alignment: z.enum(EMAIL_ALIGNMENTS).optional() });

/** spec 001 §3 email blocks: text, submission_overview (showHidden), button, approval buttons. */
export const EmailBlock = z.discriminatedUnion('type', [EmailTextBlock, EmailOverviewBlock, EmailButtonBlock, EmailApprovalButtonsBlock]);
/** An email block. */
export type EmailBlock = z.infer<typeof EmailBlock>;
/** An email block's type. */
export type EmailBlockType = EmailBlock['type'];

/** A recipient: an address, literal or a logic value (e.g. `{var: 'answers.w2'}`). */
export const EmailRecipient = z.object({ email: LogicValue });
/** A recipient. */
export type EmailRecipient = z.infer<typeof EmailRecipient>;

/** A cc or bcc list: on or off, and its recipients. */
export const EmailCopyList = z.object({ enabled: z.boolean(), recipients: z.array(EmailRecipient).max(EMAIL_MAX_RECIPIENTS) });

/** spec 001 §3: the email node template. */
export const EmailNodeTemplate = z.object({
  email: z.object({
    subject: z.string().max(1000),
    from: z.object({ type: EmailSenderType }),
    blocks: z.array(EmailBlock).max(EMAIL_MAX_BLOCKS),
    /** The upload questions whose files are attached, as `{var: 'answers.<widgetId>'}`. */
    attachments: z.array(LogicRef).max(EMAIL_ATTACHMENT_FIELDS_MAX).optional(),
    customFromName: z.string().max(200).optional(),
    replyTo: z.string().max(320).optional(),
    cc: EmailCopyList.optional(),
    bcc: EmailCopyList.optional(),
  }),
  recipients: z.object({
    type: z.enum(['string', 'picker']),
    list: z.array(EmailRecipient).max(EMAIL_MAX_RECIPIENTS),
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
 * A text block's text as a document: rich text as it is, a string as paragraphs (`plainTextToRichText`), anything
 * else (a half-written template) as an empty document. Never throws.
 */
export function emailTextDoc(text: unknown): RichText {
  if (typeof text === 'string') return plainTextToRichText(text);
  if (isRecord(text) && text.type === 'doc' && Array.isArray(text.content)) return text as unknown as RichText;
  return { type: 'doc', content: [] };
}

/** The widget id an attachment reference names (`{var: 'answers.w5'}` → `w5`), or `null` for any other value. */
export function attachmentWidgetId(value: unknown): string | null {
  if (!isLogicRef(value) || !value.var.startsWith('answers.')) return null;
  const id = value.var.slice('answers.'.length);
  return id !== '' && !id.includes('.') ? id : null;
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

/** True when `text` holds a variable (`{{…}}`): resolved when the email is sent, so not checked before. */
function hasVariable(text: string): boolean {
  return /\{\{\s*[\w.-]+\s*\}\}/.test(text);
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

/** The rules of the blocks (ours): a button needs its text, and a `url` button a web address (or a variable). */
function blockErrors(blocks: unknown): FieldError[] {
  const errors: FieldError[] = [];
  if (!Array.isArray(blocks)) return errors;
  blocks.forEach((block, index) => {
    if (field(block, 'type') !== 'button') return;
    const path = `email.blocks.${index}`;
    const text = field(block, 'buttonText');
    if (typeof text !== 'string' || text.trim() === '') errors.push({ path: `${path}.buttonText`, message: copy.emailEditor.rules.buttonTextRequired });
    if (field(block, 'buttonType') === 'edit_submission') return;
    const url = field(block, 'url');
    if (typeof url !== 'string' || url.trim() === '') errors.push({ path: `${path}.url`, message: copy.emailEditor.rules.buttonUrlRequired });
    else if (!hasVariable(url) && !/^https?:\/\/[^\s/]+/i.test(url.trim())) errors.push({ path: `${path}.url`, message: copy.emailEditor.rules.buttonUrlInvalid });
  });
  return errors;
}

/**
 * The email node's rules, in this order, with paths relative to the node's template:
 * - `email.subject`: required, not blank (`copy.workflows.subjectRequired`) — spec 001 §5;
 * - `email.from`: a sender type must be chosen ('Choose Send email from') — spec 001 §5;
 * - `recipients.list`: at least one recipient (`copy.workflows.recipientsRequired`); each literal address valid
 *   ('Invalid email: {value}', at `recipients.list.<i>.email`; `{var}` references are resolved at run time) —
 *   spec 001 §5;
 * - `email.cc.recipients` / `email.bcc.recipients` when enabled: each literal address valid;
 * - `email.replyTo`: a valid address unless empty or a variable ('Invalid email: {value}');
 * - `email.blocks.<i>`: a button's text, and a `url` button's web address (http or https, or a variable) — ours;
 * - `email.attachments.<i>`: a reference to a question's answer (`{var: 'answers.<id>'}`) — ours.
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
  const replyTo = field(email, 'replyTo');
  if (typeof replyTo === 'string' && replyTo.trim() !== '' && !hasVariable(replyTo) && !isValidEmail(replyTo.trim())) {
    errors.push({ path: 'email.replyTo', message: copy.workflows.invalidEmail(replyTo.trim()) });
  }
  errors.push(...blockErrors(field(email, 'blocks')));
  const attachments = field(email, 'attachments');
  if (Array.isArray(attachments)) {
    attachments.forEach((entry, index) => {
      if (attachmentWidgetId(entry) === null) errors.push({ path: `email.attachments.${index}`, message: copy.emailEditor.rules.attachmentNotAnUpload });
    });
  }
  return errors;
}

/**
 * The email node (spec 001 §3–§5): incomplete without a subject, a sender type or valid recipients (the
 * description is the first of {@link emailNodeErrors}' messages, prefixed 'Setup needed: '); when complete
 * it shows the subject. The default template is the spec 001 §9 thank-you email (subject 'Thank you for
 * your submission', the default body, a submission overview) with no recipients yet. Later steps may read its
 * output's `to`, `subject` and `messageId` (`nodes.<id>.subject` …).
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
  outputs: () => [
    { field: 'to', label: copy.emailEditor.outputs.to },
    { field: 'subject', label: copy.emailEditor.outputs.subject },
    { field: 'messageId', label: copy.emailEditor.outputs.messageId },
  ],
});
