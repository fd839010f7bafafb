/**
 * Conversions of a question's description (`rules/rich-text.ts`) that the public form never needs, kept apart so
 * that its bundle does not carry them (a module shared with the app keeps every export the app uses;
 * docs/architecture.md "The public form's bundle"): the document as plain text, for places that show text only, and
 * the model the editor saves from Tiptap's JSON. Zod-free. Pure; never throws.
 */
import { isEmptyRichText, isSafeLinkHref, type RichText, type RichTextBlock, type RichTextInline, type RichTextListItem, type RichTextMark } from './rich-text';

/**
 * `doc` as plain text, for places that show text only: a line per paragraph, a line break as a line break, list
 * items as '• Item' or '1. Item', two spaces deeper per nested list, and a link as its text followed by its address
 * in brackets when they differ ('terms (https://example.com/terms)').
 */
export function richTextPlainText(doc: RichText): string {
  const lines: string[] = [];
  writeBlocks(doc.content, '', lines);
  return lines.join('\n');
}

/** Writes `blocks` into `lines`, list items with their markers, `indent` before each line. */
function writeBlocks(blocks: readonly RichTextBlock[], indent: string, lines: string[]): void {
  for (const block of blocks) {
    if (block.type === 'paragraph') {
      lines.push(indent + inlineText(block.content ?? []));
      continue;
    }
    block.content.forEach((item, n) => {
      const marker = block.type === 'bulletList' ? '• ' : `${n + 1}. `;
      const [first, ...rest] = item.content;
      if (first?.type === 'paragraph') lines.push(indent + marker + inlineText(first.content ?? []));
      writeBlocks(first?.type === 'paragraph' ? rest : item.content, `${indent}  `, lines);
    });
  }
}

/** A paragraph's text: its pieces of text, line breaks as `\n`, a link's address after its text when they differ. */
function inlineText(content: readonly RichTextInline[]): string {
  return content
    .map((inline) => {
      if (inline.type === 'hardBreak') return '\n';
      const link = inline.marks?.find((mark): mark is Extract<RichTextMark, { type: 'link' }> => mark.type === 'link');
      const href = link?.attrs.href.replace(/^mailto:/, '');
      return href && href !== inline.text ? `${inline.text} (${href})` : inline.text;
    })
    .join('');
}

/**
 * `href` as a person typing a link means it: an address without a scheme gets one when that makes it safe
 * ({@link isSafeLinkHref}) — 'ada@example.com' → 'mailto:ada@example.com', 'example.com/terms' →
 * 'https://example.com/terms' —; anything else stays as it is (saving then refuses it when unsafe).
 */
export function completeLinkHref(href: string): string {
  const trimmed = href.trim();
  if (isSafeLinkHref(trimmed) || /^[a-z][a-z0-9+.-]*:/i.test(trimmed)) return trimmed;
  const completed = /^[^\s@/]+@[^\s@/]+\.[^\s@/]+$/.test(trimmed) ? `mailto:${trimmed}` : `https://${trimmed.replace(/^\/\//, '')}`;
  return isSafeLinkHref(completed) && /\.[a-z]{2,}/i.test(completed) ? completed : trimmed;
}

/**
 * The rich text model of `json`, an editor's document (Tiptap's `getJSON()`): only the node and mark types of the
 * model are kept (other nodes are dropped, their text with them; other marks and attributes are dropped), links
 * keep their `href` only ({@link completeLinkHref}: 'example.com' is 'https://example.com'), and `undefined` when it
 * holds no text ({@link isEmptyRichText}). What the editor saves;
 * saving still checks the bounds and the links (`widgets/shared/rich-text.ts`).
 */
export function toRichText(json: unknown): RichText | undefined {
  if (!isRecord(json) || json.type !== 'doc') return undefined;
  const doc: RichText = { type: 'doc', content: toBlocks(json.content) };
  return isEmptyRichText(doc) ? undefined : doc;
}

function toBlocks(content: unknown): RichTextBlock[] {
  const blocks: RichTextBlock[] = [];
  for (const node of Array.isArray(content) ? content : []) {
    if (!isRecord(node)) continue;
    if (node.type === 'paragraph') {
      const inlines = toInlines(node.content);
      blocks.push(inlines.length > 0 ? { type: 'paragraph', content: inlines } : { type: 'paragraph' });
    } else if (node.type === 'bulletList' || node.type === 'orderedList') {
      const items = (Array.isArray(node.content) ? node.content : [])
        .filter((item): item is Record<string, unknown> => isRecord(item) && item.type === 'listItem')
        .map((item): RichTextListItem => ({ type: 'listItem', content: toBlocks(item.content) }))
        .filter((item) => item.content.length > 0);
      if (items.length > 0) blocks.push({ type: node.type, content: items });
    }
  }
  return blocks;
}

function toInlines(content: unknown): RichTextInline[] {
  const inlines: RichTextInline[] = [];
  for (const node of Array.isArray(content) ? content : []) {
    if (!isRecord(node)) continue;
    if (node.type === 'hardBreak') inlines.push({ type: 'hardBreak' });
    if (node.type !== 'text' || typeof node.text !== 'string' || node.text === '') continue;
    const marks = toMarks(node.marks);
    inlines.push(marks.length > 0 ? { type: 'text', text: node.text, marks } : { type: 'text', text: node.text });
  }
  return inlines;
}

function toMarks(marks: unknown): RichTextMark[] {
  const kept: RichTextMark[] = [];
  for (const mark of Array.isArray(marks) ? marks : []) {
    if (!isRecord(mark)) continue;
    if (mark.type === 'bold' || mark.type === 'italic' || mark.type === 'underline') kept.push({ type: mark.type });
    const href = isRecord(mark.attrs) ? mark.attrs.href : undefined;
    if (mark.type === 'link' && typeof href === 'string') kept.push({ type: 'link', attrs: { href: completeLinkHref(href) } });
  }
  return kept;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
