/**
 * The email node at run time (spec 001 §3 email template, §9 defaults): resolves recipients, interpolates the
 * subject and renders the blocks to text and HTML. Pure: no I/O; the worker sends and logs the result.
 *
 * - Recipients: each `{email}` of `recipients.list` (type `string` or `picker` alike) is resolved with
 *   `resolveLogicValue` against `{answers, submission, flow}` (contracts/logic.ts); a literal or resolved text
 *   is split on commas, a list (e.g. Checkboxes) is flattened; parts are trimmed, empty parts dropped,
 *   duplicates (case-insensitive) dropped, invalid addresses skipped. No valid address → the step fails.
 *   cc/bcc the same way when enabled (invalid ones skipped, never fatal).
 * - Subject: `interpolate()`, line breaks collapsed to spaces (no header injection).
 * - Blocks: `text` (interpolated; HTML-escaped; line breaks → `<br>`), `submission_overview` (a table of the
 *   submission's questions, name → the question's `displayValue`, the same text the Results table shows;
 *   `formatValue(value)` for events written before `displayValue` existed; `showHidden` is ignored: the event
 *   carries no hidden fields yet), `button` (text and interpolated URL; only http(s) URLs become links).
 * - From: display name `customFromName` (when not blank) or 'Notifications' (spec 001 §9), address MAIL_FROM.
 */
import type { EmailBlock, EmailNodeTemplate } from '@formloom/contracts/entities/workflow';
import type { FormSubmittedData, SubmittedQuestion } from '@formloom/contracts/events/form-submitted';
import * as copy from '@formloom/contracts/copy';
import { formatValue, interpolate, isLogicRef, resolveLogicValue, type LogicContext, type LogicValue } from '@formloom/contracts/logic';
import { isValidEmail } from '@formloom/contracts/rules/answers';
import { literalAddresses } from '@formloom/contracts/rules/workflow-status';
import { escapeHtml } from '@formloom/kit/mail';

/** A composed message, ready to send and log. */
export interface ComposedEmail {
  fromName: string;
  to: string[];
  cc: string[];
  bcc: string[];
  /** Resolved recipients that are not valid addresses (left out). */
  skipped: string[];
  replyTo: string | null;
  subject: string;
  text: string;
  html: string;
}

/** The outcome of {@link composeEmail}: the message, or the reason the step fails. */
export type ComposeResult = { ok: true; email: ComposedEmail } | { ok: false; error: string };

/**
 * The logic context of a `form.submitted` run: answers, submission id and time, the form's id and name, the hidden
 * fields' values by name (`{{urlParams.<name>}}`; none in events written before hidden fields existed), the
 * calculations' numbers by calculation id (`{{calculations.<id>}}`; none in events written before calculations
 * existed) and, for a quiz, its points (`{{quiz.score}}`, `{{quiz.maxScore}}`).
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
  };
}


/** Escaped text with line breaks (`\r\n`, `\n`, `\r`) as `<br>`. */
function htmlLines(text: string): string {
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
 * The valid addresses of an email node that come from the run's answers (recipient, cc or bcc entries that are
 * logic values, e.g. `{var: 'answers.w2'}`), lower-cased: those a respondent chose, which the per-recipient limit
 * of workflow email applies to. Fixed addresses the form's owner typed are not among them.
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

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

/** One rendered block: its plain-text and HTML forms. */
interface Rendered {
  text: string;
  html: string;
}

function renderOverview(questions: readonly SubmittedQuestion[]): Rendered {
  const rows = questions.map((question) => ({ name: question.name, value: question.displayValue ?? formatValue(question.value) }));
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

function renderBlock(block: EmailBlock, context: LogicContext, questions: readonly SubmittedQuestion[]): Rendered {
  switch (block.type) {
    case 'text': {
      const text = interpolate(block.text, context);
      return { text, html: `<p style="margin:0 0 16px">${htmlLines(text)}</p>` };
    }
    case 'submission_overview':
      return renderOverview(questions);
    case 'button': {
      const url = block.url ? interpolate(block.url, context).trim() : '';
      const label = block.buttonText;
      const align = block.alignment ?? 'left';
      if (!isHttpUrl(url)) return { text: label, html: `<p style="text-align:${align}">${htmlLines(label)}</p>` };
      return {
        text: `${label}: ${url}`,
        html:
          `<p style="text-align:${align};margin:16px 0"><a href="${escapeHtml(url)}" ` +
          `style="display:inline-block;padding:10px 18px;border-radius:6px;background:#111827;color:#ffffff;text-decoration:none">` +
          `${htmlLines(label)}</a></p>`,
      };
    }
  }
}

/**
 * Composes the email of an email node for a `form.submitted` run (see the module doc for every rule).
 * Returns `{ok: false, error}` when no recipient resolves to a valid address.
 */
export function composeEmail(template: EmailNodeTemplate, data: FormSubmittedData): ComposeResult {
  const context = submissionContext(data);
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
  const rendered = template.email.blocks.map((block) => renderBlock(block, context, data.questions));
  const customName = template.email.customFromName?.replace(/[\r\n]+/g, ' ').trim();
  return {
    ok: true,
    email: {
      fromName: customName || copy.email.defaultSenderName,
      to: recipients.valid,
      cc: cc.valid,
      bcc: bcc.valid,
      skipped: [...recipients.invalid, ...cc.invalid, ...bcc.invalid],
      replyTo: isValidEmail(replyTo) ? replyTo : null,
      subject: interpolate(template.email.subject, context).replace(/[\r\n]+/g, ' ').trim(),
      text: rendered.map((block) => block.text).join('\n\n'),
      html:
        '<!doctype html><html><body style="font-family:-apple-system,Segoe UI,Helvetica,Arial,sans-serif;font-size:15px;line-height:1.5;color:#111827">' +
        rendered.map((block) => block.html).join('') +
        '</body></html>',
    },
  };
}

/** `"Name" <address>` with the name's quotes and backslashes escaped. */
export function formatFrom(name: string, address: string): string {
  return `"${name.replace(/["\\]/g, '\\$&')}" <${address}>`;
}
