/**
 * Edits of an email node's template (spec 001 §3 `email {subject, from, blocks, attachments, cc, bcc, replyTo,
 * customFromName}`, `recipients {type, list}`), as the email panel makes them: pure functions that read a template
 * defensively (a half-written one is fine) and return a NEW template, keeping every key they do not edit. The node's
 * rules are the contracts' (`@formloom/contracts/workflows/nodes/email`); nothing here decides what is valid.
 */
import * as copy from '@formloom/contracts/copy';
import type { EmailBlock, EmailBlockType } from '@formloom/contracts/workflows/nodes/email';
import { literalAddresses } from '@formloom/contracts/workflows/nodes/email';
import { isLogicRef, type LogicRef } from '@formloom/contracts/logic';
import { field, isRecord } from '@formloom/contracts/workflows/define';

/** A plain object's own entries, or `{}` for anything else. */
function objectOf(value: unknown): Record<string, unknown> {
  return isRecord(value) ? value : {};
}

/** The template's `email` object (`{}` when missing). */
export function emailOf(template: unknown): Record<string, unknown> {
  return objectOf(field(template, 'email'));
}

/** The template with `email`'s keys in `patch` replaced (a key set to `undefined` is removed). */
export function withEmail(template: unknown, patch: Record<string, unknown>): Record<string, unknown> {
  const email: Record<string, unknown> = { ...emailOf(template), ...patch };
  for (const key of Object.keys(patch)) if (patch[key] === undefined) delete email[key];
  return { ...objectOf(template), email };
}

/** The email's blocks (`[]` when missing). */
export function blocksOf(template: unknown): unknown[] {
  const blocks = field(emailOf(template), 'blocks');
  return Array.isArray(blocks) ? blocks : [];
}

/** A new block of `type` (spec 001 §3): an empty text, an overview without hidden fields, an edit-submission button. */
export function newBlock(type: EmailBlockType): EmailBlock {
  switch (type) {
    case 'text':
      return { type: 'text', text: { type: 'doc', content: [{ type: 'paragraph' }] } };
    case 'submission_overview':
      return { type: 'submission_overview', showHidden: false };
    case 'button':
      return { type: 'button', buttonText: copy.emailEditor.email.defaultButtonText, buttonType: 'edit_submission', alignment: 'left' };
    case 'approval_buttons':
      return { type: 'approval_buttons' };
  }
}

/** The template with `blocks` as its blocks. */
export function withBlocks(template: unknown, blocks: readonly unknown[]): Record<string, unknown> {
  return withEmail(template, { blocks: [...blocks] });
}

/** `list` with the item at `from` moved to `to` (both clamped into the list). */
export function moveItem<T>(list: readonly T[], from: number, to: number): T[] {
  const next = [...list];
  if (from < 0 || from >= next.length) return next;
  const [item] = next.splice(from, 1);
  next.splice(Math.max(0, Math.min(to, next.length)), 0, item as T);
  return next;
}

/** The recipients' entries (`recipients.list`, `[]` when missing). */
export function recipientEntries(template: unknown): unknown[] {
  const list = field(field(template, 'recipients'), 'list');
  return Array.isArray(list) ? list : [];
}

/** The `{var}` references among recipient entries `list` (answers of questions, outputs of steps), in order. */
export function recipientRefs(list: readonly unknown[]): LogicRef[] {
  return list.map((entry) => field(entry, 'email')).filter(isLogicRef);
}

/** The typed addresses among recipient entries `list`, each literal split on commas (spec 001 §5), in order. */
export function recipientAddresses(list: readonly unknown[]): string[] {
  return list.flatMap((entry) => {
    const email = field(entry, 'email');
    return isLogicRef(email) ? [] : literalAddresses(email);
  });
}

/**
 * The recipient entries of `refs` then `addresses` (`[{email}]`). The list's `type` is `picker` when it holds a
 * reference, `string` otherwise (spec 001 §3 "recipients {type string or picker, …}"; the engine reads both alike).
 */
export function withRecipients(template: unknown, refs: readonly LogicRef[], addresses: readonly string[]): Record<string, unknown> {
  const list = [...refs.map((ref) => ({ email: ref })), ...addresses.map((email) => ({ email }))];
  return { ...objectOf(template), recipients: { ...objectOf(field(template, 'recipients')), type: refs.length > 0 ? 'picker' : 'string', list } };
}

/** A cc or bcc list as the panel shows it: on or off, its typed addresses, and the references it keeps as they are. */
export interface CopyList {
  enabled: boolean;
  addresses: string[];
  refs: LogicRef[];
}

/** The cc (`key` 'cc') or bcc list of the template. */
export function copyListOf(template: unknown, key: 'cc' | 'bcc'): CopyList {
  const list = field(emailOf(template), key);
  const recipients = field(list, 'recipients');
  const entries = Array.isArray(recipients) ? recipients : [];
  return { enabled: field(list, 'enabled') === true, addresses: recipientAddresses(entries), refs: recipientRefs(entries) };
}

/** The template with its cc or bcc list set to `list` (references first, then typed addresses). */
export function withCopyList(template: unknown, key: 'cc' | 'bcc', list: CopyList): Record<string, unknown> {
  const recipients = [...list.refs.map((ref) => ({ email: ref })), ...list.addresses.map((email) => ({ email }))];
  return withEmail(template, { [key]: { enabled: list.enabled, recipients } });
}

/** The widget ids whose files are attached (`email.attachments`, `{var: 'answers.<id>'}`), in order. */
export function attachmentIds(template: unknown): string[] {
  const attachments = field(emailOf(template), 'attachments');
  if (!Array.isArray(attachments)) return [];
  return attachments.filter(isLogicRef).flatMap((ref) => (ref.var.startsWith('answers.') ? [ref.var.slice('answers.'.length)] : []));
}

/** The template attaching the files of the questions `ids` (none: the key is removed). */
export function withAttachments(template: unknown, ids: readonly string[]): Record<string, unknown> {
  return withEmail(template, { attachments: ids.length > 0 ? ids.map((id) => ({ var: `answers.${id}` })) : undefined });
}

/** A text of the template's `email` (`subject`, `replyTo`, `customFromName`): '' when missing. */
export function emailText(template: unknown, key: 'subject' | 'replyTo' | 'customFromName'): string {
  const value = field(emailOf(template), key);
  return typeof value === 'string' ? value : '';
}
