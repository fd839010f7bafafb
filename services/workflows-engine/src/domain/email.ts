/**
 * The email node at run time (spec 001 §3 email template, §9 defaults): resolves recipients, interpolates the
 * subject and renders the blocks to text and HTML, and chooses the files to attach. Pure: no I/O; the executor
 * (`nodes/email.ts`) fetches the attachments' bytes, sends and logs the result, and the preview
 * (`domain/email-preview.ts`) composes the same way from sample answers.
 *
 * Everything reads the step's logic context (`RunContext.logic`: answers, submission, form, hidden fields,
 * calculations, quiz, and `nodes` — the outputs of the run's earlier steps), so recipients, subject, texts, the
 * reply-to address and a button's URL can use `{{nodes.<id>.<field>}}` as well as `{{answers.<id>}}`.
 *
 * - Recipients: each `{email}` of `recipients.list` (type `string` or `picker` alike) is resolved with
 *   `resolveLogicValue` against the context (contracts/logic.ts); a literal or resolved text is split on commas, a
 *   list (e.g. Checkboxes) is flattened; parts are trimmed, empty parts dropped, duplicates (case-insensitive)
 *   dropped, invalid addresses skipped. No valid address → the step fails. cc/bcc the same way when enabled
 *   (invalid ones skipped, never fatal).
 * - Subject: `interpolate()`, line breaks collapsed to spaces (no header injection).
 * - Blocks:
 *   - `text`: rich text (headings, bold, italic, underline, links, lists; `rules/rich-text.ts`) or a plain string
 *     (`emailTextDoc`); variables are interpolated in each piece of text, the result rendered to HTML with every
 *     text escaped (`richTextHtml`) and to plain text, its paragraphs set apart by empty lines (`richTextPlainText`);
 *   - `submission_overview`: a table of the submission's questions, name → the question's `displayValue` (the text
 *     the Results table shows; `formatValue(value)` for events written before `displayValue` existed), then, with
 *     `showHidden`, the hidden fields (name → value);
 *   - `button`: its text, linking to the respondent's edit link (`buttonType: 'edit_submission'`: the
 *     `form.submitted` event's `editLink`) or to its interpolated `url`; only http(s) URLs become links — without
 *     one the button is its text alone. Styles `filled` (default), `outline`, `link`; alignment left (default),
 *     center, right;
 *   - `approval_buttons`: the buttons the approval step hands in (`EmailRunData.approvalButtons`), none otherwise.
 * - From: display name `customFromName` (when not blank) or 'Notifications' (spec 001 §9), address MAIL_FROM.
 * - Attachments ({@link selectAttachments}): the files of the chosen upload questions' answers, each once, in order,
 *   while they fit `EMAIL_ATTACHMENTS_MAX_FILES` and `EMAIL_ATTACHMENTS_MAX_BYTES`; the others are named in `skipped`.
 */
import type { EmailBlock, EmailNodeTemplate } from '@formloom/contracts/entities/workflow';
import type { FormSubmittedData, SubmittedQuestion } from '@formloom/contracts/events/form-submitted';
import * as copy from '@formloom/contracts/copy';
import { formatFileSize, uploadReferencesIn, type UploadReference } from '@formloom/contracts/answers/shared/uploads';
import { EMAIL_ATTACHMENTS_MAX_BYTES, EMAIL_ATTACHMENTS_MAX_FILES } from '@formloom/contracts/limits';
import { formatValue, interpolate, isLogicRef, readPath, resolveLogicValue, type LogicContext, type LogicValue } from '@formloom/contracts/logic';
import { isValidEmail } from '@formloom/contracts/rules/answers';
import { mapRichTextTexts } from '@formloom/contracts/rules/rich-text';
import { richTextHtml, richTextPlainText, type RichTextHtmlStyles } from '@formloom/contracts/rules/rich-text-convert';
import { literalAddresses } from '@formloom/contracts/rules/workflow-status';
import { emailTextDoc } from '@formloom/contracts/workflows/nodes/email';
import { escapeHtml } from '@formloom/kit/mail';

/** A decision button of an approval request (`approval_buttons` block): its label, its link and its colour (CSS). */
export interface ApprovalButton {
  label: string;
  url: string;
  /** A CSS colour for the button's background (the state's pastel); default a neutral grey. */
  color?: string;
}

/**
 * What an email is composed from besides its template: the logic context its variables read, the submission's
 * questions and hidden fields (the overview), the respondent's edit link (an `edit_submission` button) and, in an
 * approval request, the decision buttons.
 */
export interface EmailRunData {
  logic: LogicContext;
  questions: readonly SubmittedQuestion[];
  urlParameters?: ReadonlyArray<{ id: string; name: string; value: string }>;
  editLink?: string;
  approvalButtons?: readonly ApprovalButton[];
}

/** A composed message, ready to send and log. */
export interface ComposedEmail {
  fromName: string;
  to: string[];
  cc: string[];
  bcc: string[];
  /** Resolved recipients that are not valid addresses, and attachments left out (with the reason). */
  skipped: string[];
  replyTo: string | null;
  subject: string;
  text: string;
  html: string;
  /** The files to attach (their bytes are fetched when the email is sent over SMTP). */
  attachments: UploadReference[];
}

/** The outcome of {@link composeEmail}: the message, or the reason the step fails. */
export type ComposeResult = { ok: true; email: ComposedEmail } | { ok: false; error: string };

/**
 * The logic context of a `form.submitted` run: answers, submission id and time, the form's id and name, the hidden
 * fields by name (`{{urlParams.<name>}}`; none in events written before hidden fields existed), the calculations'
 * numbers by calculation id (`{{calculations.<id>}}`; none in events written before calculations existed) and, for a
 * quiz, its points (`{{quiz.score}}`, `{{quiz.maxScore}}`); for a scheduling trigger, its event (`{{event.startTime}}`).
 * The worker adds `nodes` (earlier steps' outputs).
 */
export function submissionContext(data: FormSubmittedData): LogicContext {
  const calculations: Record<string, number> = Object.create(null) as Record<string, number>;
  for (const { id, value } of data.calculations ?? []) calculations[id] = value;
  const urlParams: Record<string, string> = Object.create(null) as Record<string, string>;
  for (const { name, value } of data.urlParameters ?? []) urlParams[name] = value;
  return {
    answers: data.answers,
    submission: { submissionId: data.submissionId, submissionTime: data.submissionTime },
    flow: { publicIdentifier: data.flowPublicIdentifier, name: data.flowName },
    urlParams,
    calculations,
    ...(data.quiz ? { quiz: { score: data.quiz.score, maxScore: data.quiz.maxScore } } : {}),
    // A scheduling trigger's event (`events/scheduling.ts`): `event.<field>`.
    ...eventContext(data),
  };
}

/**
 * The `event` of a run started by a scheduling event (`@formloom/contracts/events/scheduling`), for logic values
 * `event.<field>`; nothing for other runs.
 */
export function eventContext(data: object): { event?: Record<string, unknown> } {
  const event = (data as { event?: unknown }).event;
  return typeof event === 'object' && event !== null && !Array.isArray(event) ? { event: event as Record<string, unknown> } : {};
}

/** The {@link EmailRunData} of a `form.submitted` run whose step reads `logic` (see `RunContext.logic`). */
export function emailRunData(data: FormSubmittedData, logic: LogicContext): EmailRunData {
  return { logic, questions: data.questions, urlParameters: data.urlParameters, editLink: data.editLink };
}

/** Escaped text with line breaks (`\r\n`, `\n`, `\r`) as `<br>`. */
export function htmlLines(text: string): string {
  return escapeHtml(text).replace(/\r\n|\r|\n/g, '<br>');
}

/** Flattens a resolved value to address candidates (see the module doc). */
function candidates(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(candidates);
  return literalAddresses(value);
}

/**
 * Resolves a recipient list against `context`: `{valid, invalid}` addresses in list order, each once
 * (case-insensitive), trimmed, empties dropped.
 */
export function resolveRecipients(
  list: ReadonlyArray<{ email: LogicValue }>,
  context: LogicContext,
): { valid: string[]; invalid: string[] } {
  const seen = new Set<string>();
  const valid: string[] = [];
  const invalid: string[] = [];
  for (const entry of list) {
    for (const address of candidates(resolveLogicValue(entry.email, context))) {
      const key = address.toLowerCase();
      if (seen.has(key)) continue;
      seen.add(key);
      (isValidEmail(address) ? valid : invalid).push(address);
    }
  }
  return { valid, invalid };
}

/**
 * The valid addresses of an email node that come from the run's data (recipient, cc or bcc entries that are logic
 * values: `{var: 'answers.w2'}`, `{var: 'nodes.n1.email'}` …), lower-cased: those a respondent chose (directly, or
 * through a step that read their answers), which the per-recipient limit of workflow email applies to. Fixed
 * addresses the form's owner typed are not among them.
 */
export function answerRecipients(template: EmailNodeTemplate, context: LogicContext): Set<string> {
  const fromAnswers = (list: ReadonlyArray<{ email: LogicValue }> | undefined) => (list ?? []).filter((entry) => isLogicRef(entry.email));
  const entries = [
    ...fromAnswers(template.recipients.list),
    ...(template.email.cc?.enabled ? fromAnswers(template.email.cc.recipients) : []),
    ...(template.email.bcc?.enabled ? fromAnswers(template.email.bcc.recipients) : []),
  ];
  return new Set(resolveRecipients(entries, context).valid.map((address) => address.toLowerCase()));
}

/**
 * The files to attach (see the module doc): the upload references the chosen questions' answers hold (`attachments`
 * resolved against `context`), each once, in order, while they fit the count and size bounds; each one left out is
 * named in `skipped` with its reason.
 */
export function selectAttachments(template: EmailNodeTemplate, context: LogicContext): { files: UploadReference[]; skipped: string[] } {
  const files: UploadReference[] = [];
  const skipped: string[] = [];
  const seen = new Set<string>();
  let bytes = 0;
  for (const ref of template.email.attachments ?? []) {
    for (const file of uploadReferencesIn(readPath(context, ref.var))) {
      if (seen.has(file.id)) continue;
      seen.add(file.id);
      if (files.length >= EMAIL_ATTACHMENTS_MAX_FILES) skipped.push(copy.emailEditor.attachmentsTooMany(file.name, EMAIL_ATTACHMENTS_MAX_FILES));
      else if (bytes + file.size > EMAIL_ATTACHMENTS_MAX_BYTES) skipped.push(copy.emailEditor.attachmentsTooLarge(file.name, formatFileSize(EMAIL_ATTACHMENTS_MAX_BYTES)));
      else {
        files.push(file);
        bytes += file.size;
      }
    }
  }
  return { files, skipped };
}

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

/** One rendered block: its plain-text and HTML forms (both empty for a block that shows nothing). */
export interface Rendered {
  text: string;
  html: string;
}

/** Inline styles of a text block's elements (mail clients keep inline CSS only). */
const TEXT_STYLES: RichTextHtmlStyles = {
  p: 'margin:0 0 16px',
  h1: 'margin:0 0 16px;font-size:26px;line-height:1.25',
  h2: 'margin:0 0 14px;font-size:21px;line-height:1.3',
  h3: 'margin:0 0 12px;font-size:17px;line-height:1.35',
  ul: 'margin:0 0 16px;padding-left:24px',
  ol: 'margin:0 0 16px;padding-left:24px',
  a: 'color:#1d4ed8',
};

function renderText(text: unknown, logic: LogicContext): Rendered {
  const doc = mapRichTextTexts(emailTextDoc(text), (piece) => interpolate(piece, logic));
  return { text: richTextPlainText(doc, { blankLines: true }), html: richTextHtml(doc, TEXT_STYLES) };
}

function renderOverview(questions: readonly SubmittedQuestion[], hidden: ReadonlyArray<{ name: string; value: string }>): Rendered {
  const rows = [
    ...questions.map((question) => ({ name: question.name, value: question.displayValue ?? formatValue(question.value) })),
    ...hidden.map((field) => ({ name: field.name, value: field.value })),
  ];
  const text = rows.map((row) => `${row.name}: ${row.value}`).join('\n');
  const cells = rows
    .map(
      (row) =>
        `<tr><th align="left" valign="top" style="padding:6px 12px 6px 0;border-bottom:1px solid #e5e7eb;font-weight:600">${htmlLines(row.name)}</th>` +
        `<td style="padding:6px 0;border-bottom:1px solid #e5e7eb">${htmlLines(row.value)}</td></tr>`,
    )
    .join('');
  return { text, html: `<table role="presentation" cellspacing="0" cellpadding="0" style="border-collapse:collapse;margin:16px 0">${cells}</table>` };
}

/** The CSS of a button of `style` (a link for `link`), with `background` for a filled one. */
function buttonCss(style: string | undefined, background = '#111827'): string {
  if (style === 'link') return 'color:#1d4ed8;text-decoration:underline';
  const box = 'display:inline-block;padding:10px 18px;border-radius:6px;text-decoration:none;font-weight:600';
  if (style === 'outline') return `${box};border:2px solid #111827;color:#111827;background:#ffffff`;
  return `${box};background:${background};color:#ffffff`;
}

/** A row of buttons `{label, url}` aligned `align`; a button without an http(s) URL is its text alone. */
function renderButtons(buttons: ReadonlyArray<{ label: string; url: string; css: string }>, align: string): Rendered {
  const linked = buttons.map((button) => ({ ...button, url: isHttpUrl(button.url) ? button.url : '' }));
  return {
    text: linked.map((button) => (button.url ? `${button.label}: ${button.url}` : button.label)).join('\n'),
    html:
      `<p style="text-align:${align};margin:16px 0">` +
      linked
        .map((button) =>
          button.url ? `<a href="${escapeHtml(button.url)}" style="${button.css}">${htmlLines(button.label)}</a>` : `<span style="${button.css}">${htmlLines(button.label)}</span>`,
        )
        .join('&nbsp;&nbsp;') +
      '</p>',
  };
}

/**
 * One block of an email (spec 001 §3: text, submission_overview, button, approval buttons) as text and HTML, from
 * `run` (see the module doc). Also used by the approval step's email (`approval-email.ts`).
 */
export function renderBlock(block: EmailBlock, run: EmailRunData): Rendered {
  switch (block.type) {
    case 'text':
      return renderText(block.text, run.logic);
    case 'submission_overview':
      return renderOverview(run.questions, block.showHidden ? (run.urlParameters ?? []) : []);
    case 'button': {
      const url = block.buttonType === 'edit_submission' ? (run.editLink ?? '') : block.url ? interpolate(block.url, run.logic).trim() : '';
      return renderButtons([{ label: block.buttonText, url, css: buttonCss(block.style) }], block.alignment ?? 'left');
    }
    case 'approval_buttons': {
      const buttons = run.approvalButtons ?? [];
      if (buttons.length === 0) return { text: '', html: '' };
      return renderButtons(
        buttons.map((button) => ({ label: button.label, url: button.url, css: `${buttonCss('filled', button.color ?? '#374151')};margin:0 4px 8px 0` })),
        block.alignment ?? 'left',
      );
    }
  }
}

/**
 * Composes the email of an email node from `run` (see the module doc for every rule). Returns `{ok: false, error}`
 * when no recipient resolves to a valid address.
 */
export function composeEmail(template: EmailNodeTemplate, run: EmailRunData): ComposeResult {
  const context = run.logic;
  const recipients = resolveRecipients(template.recipients.list, context);
  if (recipients.valid.length === 0) {
    const detail = recipients.invalid.length > 0 ? ` (${recipients.invalid.join(', ')})` : '';
    return { ok: false, error: `${copy.workflows.noValidRecipients}${detail}` };
  }
  const copies = (list: typeof template.email.cc) =>
    list?.enabled ? resolveRecipients(list.recipients, context) : { valid: [], invalid: [] };
  const cc = copies(template.email.cc);
  const bcc = copies(template.email.bcc);
  const replyTo = template.email.replyTo ? interpolate(template.email.replyTo, context).trim() : '';
  const rendered = template.email.blocks.map((block) => renderBlock(block, run)).filter((block) => block.html !== '');
  const customName = template.email.customFromName?.replace(/[\r\n]+/g, ' ').trim();
  const attachments = selectAttachments(template, context);
  return {
    ok: true,
    email: {
      fromName: customName || copy.email.defaultSenderName,
      to: recipients.valid,
      cc: cc.valid,
      bcc: bcc.valid,
      skipped: [...recipients.invalid, ...cc.invalid, ...bcc.invalid, ...attachments.skipped],
      replyTo: isValidEmail(replyTo) ? replyTo : null,
      subject: interpolate(template.email.subject, context).replace(/[\r\n]+/g, ' ').trim(),
      ...emailBodies(rendered),
      attachments: attachments.files,
    },
  };
}

/** The text and HTML bodies of an email made of `rendered` blocks (blank lines between; one HTML document). */
export function emailBodies(rendered: readonly Rendered[]): { text: string; html: string } {
  return {
    text: rendered.map((block) => block.text).join('\n\n'),
    html:
      '<!doctype html><html><body style="font-family:-apple-system,Segoe UI,Helvetica,Arial,sans-serif;font-size:15px;line-height:1.5;color:#111827">' +
      rendered.map((block) => block.html).join('') +
      '</body></html>',
  };
}

/** `"Name" <address>` with the name's quotes and backslashes escaped. */
export function formatFrom(name: string, address: string): string {
  return `"${name.replace(/["\\]/g, '\\$&')}" <${address}>`;
}
