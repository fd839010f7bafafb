/**
 * Conversions of rich text (`rules/rich-text.ts`: a question's description, a workflow email's text) that the public
 * form never needs, kept apart so that its bundle does not carry them (a module shared with the app keeps every
 * export the app uses; docs/architecture.md "The public form's bundle"): the document as plain text, for places that
 * show text only; as HTML, for an email's body; the model the editor saves from Tiptap's JSON; and a plain text as a
 * document (an email text block written before text blocks were rich). Zod-free. Pure; never throws.
 */
import {
  isEmptyRichText,
  isHeadingLevel,
  isSafeLinkHref,
  isTextBlock,
  type RichText,
  type RichTextBlock,
  type RichTextInline,
  type RichTextListItem,
  type RichTextMark,
} from './rich-text';

/**
 * `doc` as plain text, for places that show text only: a line per paragraph or heading, a line break as a line break,
 * list items as '• Item' or '1. Item', two spaces deeper per nested list, and a link as its text followed by its
 * address in brackets when they differ ('terms (https://example.com/terms)'). With `blankLines` (an email's plain text
 * part) the blocks at the top are set apart by an empty line, as paragraphs of a plain-text message are.
 */
export function richTextPlainText(doc: RichText, options: { blankLines?: boolean } = {}): string {
  if (!options.blankLines) {
    const lines: string[] = [];
    writeBlocks(doc.content, '', lines);
    return lines.join('\n');
  }
  return doc.content
    .map((block) => {
      const lines: string[] = [];
      writeBlocks([block], '', lines);
      return lines.join('\n');
    })
    .join('\n\n');
}

/** Writes `blocks` into `lines`, list items with their markers, `indent` before each line. */
function writeBlocks(blocks: readonly RichTextBlock[], indent: string, lines: string[]): void {
  for (const block of blocks) {
    if (isTextBlock(block)) {
      lines.push(indent + inlineText(block.content ?? []));
      continue;
    }
    block.content.forEach((item, n) => {
      const marker = block.type === 'bulletList' ? '• ' : `${n + 1}. `;
      const [first, ...rest] = item.content;
      const lead = first !== undefined && isTextBlock(first);
      if (lead) lines.push(indent + marker + inlineText(first.content ?? []));
      writeBlocks(lead ? rest : item.content, `${indent}  `, lines);
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

/** Options of {@link toRichText}. */
export interface ToRichTextOptions {
  /** Keep headings (levels 1–3; another level becomes the nearest): an email's text has them, a description not. */
  headings?: boolean;
}

/**
 * The rich text model of `json`, an editor's document (Tiptap's `getJSON()`): only the node and mark types of the
 * model are kept (other nodes are dropped, their text with them — headings too unless `options.headings`; other
 * marks and attributes are dropped), links keep their `href` only ({@link completeLinkHref}: 'example.com' is
 * 'https://example.com'), and `undefined` when it holds no text ({@link isEmptyRichText}). What the editor saves;
 * saving still checks the bounds and the links (`widgets/shared/rich-text.ts`).
 */
export function toRichText(json: unknown, options: ToRichTextOptions = {}): RichText | undefined {
  if (!isRecord(json) || json.type !== 'doc') return undefined;
  const doc: RichText = { type: 'doc', content: toBlocks(json.content, options.headings === true) };
  return isEmptyRichText(doc) ? undefined : doc;
}

function toBlocks(content: unknown, headings: boolean): RichTextBlock[] {
  const blocks: RichTextBlock[] = [];
  for (const node of Array.isArray(content) ? content : []) {
    if (!isRecord(node)) continue;
    if (node.type === 'paragraph') {
      const inlines = toInlines(node.content);
      blocks.push(inlines.length > 0 ? { type: 'paragraph', content: inlines } : { type: 'paragraph' });
    } else if (node.type === 'heading' && headings) {
      const level = isRecord(node.attrs) ? node.attrs.level : undefined;
      const inlines = toInlines(node.content);
      // A heading of another level (Tiptap has six) is kept as the nearest the model has.
      const kept = isHeadingLevel(level) ? level : typeof level === 'number' && level > 3 ? 3 : 1;
      blocks.push(inlines.length > 0 ? { type: 'heading', attrs: { level: kept }, content: inlines } : { type: 'heading', attrs: { level: kept } });
    } else if (node.type === 'bulletList' || node.type === 'orderedList') {
      const items = (Array.isArray(node.content) ? node.content : [])
        .filter((item): item is Record<string, unknown> => isRecord(item) && item.type === 'listItem')
        .map((item): RichTextListItem => ({ type: 'listItem', content: toBlocks(item.content, headings) }))
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

/**
 * A plain text as a document: a paragraph per block of lines separated by a blank line, single line breaks kept as
 * line breaks (`hardBreak`). What an email text block that holds a string (written before text blocks were rich,
 * or by an API caller) reads as in the editor and in the email. Always a document, empty when `text` is blank.
 */
export function plainTextToRichText(text: string): RichText {
  const paragraphs = text
    .replace(/\r\n?/g, '\n')
    .split(/\n[ \t]*\n/)
    .filter((part) => part.trim() !== '');
  return {
    type: 'doc',
    content: paragraphs.map((paragraph) => {
      const content: RichTextInline[] = [];
      paragraph.split('\n').forEach((line, index) => {
        if (index > 0) content.push({ type: 'hardBreak' });
        if (line !== '') content.push({ type: 'text', text: line });
      });
      return { type: 'paragraph', content };
    }),
  };
}

/**
 * Inline CSS of the elements {@link richTextHtml} writes, by tag (`p`, `h1`–`h3`, `ul`, `ol`, `li`, `a`): an email's
 * body needs its styles inline (mail clients drop `<style>` elements). Absent tags get no `style`.
 */
export type RichTextHtmlStyles = Partial<Record<'p' | 'h1' | 'h2' | 'h3' | 'ul' | 'ol' | 'li' | 'a', string>>;

/** Escapes `& < > " '` for HTML text and attribute values. */
export function escapeHtmlText(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
}

/**
 * `doc` as HTML (an email's body): `<p>`, `<h1>`–`<h3>`, `<ul>`/`<ol>` with `<li>`, `<br>`, `<strong>`, `<em>`, `<u>`
 * and `<a href>` — every text and attribute escaped, a line break inside a text as `<br>`, a link only when its address is safe ({@link isSafeLinkHref};
 * else its text alone), an empty paragraph as `<p><br></p>`. `styles` puts inline CSS on each tag.
 */
export function richTextHtml(doc: RichText, styles: RichTextHtmlStyles = {}): string {
  const open = (tag: keyof RichTextHtmlStyles, attributes = '') => `<${tag}${attributes}${styles[tag] ? ` style="${escapeHtmlText(styles[tag])}"` : ''}>`;
  const inlines = (content: readonly RichTextInline[]) =>
    content
      .map((inline) => {
        if (inline.type === 'hardBreak') return '<br>';
        // A variable's value may hold line breaks (a long answer): they stay line breaks.
        let html = escapeHtmlText(inline.text).replace(/\r\n|\r|\n/g, '<br>');
        for (const mark of inline.marks ?? []) {
          if (mark.type === 'bold') html = `<strong>${html}</strong>`;
          else if (mark.type === 'italic') html = `<em>${html}</em>`;
          else if (mark.type === 'underline') html = `<u>${html}</u>`;
          else if (mark.type === 'link' && isSafeLinkHref(mark.attrs.href)) html = `${open('a', ` href="${escapeHtmlText(mark.attrs.href)}"`)}${html}</a>`;
        }
        return html;
      })
      .join('');
  const blocks = (content: readonly RichTextBlock[]): string =>
    content
      .map((block) => {
        if (block.type === 'paragraph') return `${open('p')}${block.content?.length ? inlines(block.content) : '<br>'}</p>`;
        if (block.type === 'heading') {
          const tag = `h${block.attrs.level}` as 'h1' | 'h2' | 'h3';
          return `${open(tag)}${inlines(block.content ?? [])}</${tag}>`;
        }
        const tag = block.type === 'orderedList' ? 'ol' : 'ul';
        return `${open(tag)}${block.content.map((item) => `${open('li')}${blocks(item.content)}</li>`).join('')}</${tag}>`;
      })
      .join('');
  return blocks(doc.content);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
