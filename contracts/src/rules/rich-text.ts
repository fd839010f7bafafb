/**
 * Rich text of a question's description (`template.description`): a small document model — paragraphs, bulleted
 * and numbered lists (nested at most `RICH_TEXT_MAX_LIST_DEPTH` deep), line breaks, and text that is bold, italic,
 * underlined or a link to an `http:`, `https:` or `mailto:` address. It is the JSON shape Tiptap (ProseMirror) gives
 * for those node and mark types (`editor.getJSON()`), so the editor stores what it edits, and the public form draws
 * it as React elements — never as HTML (`web/src/respondent/rich-text.tsx`). Its zod schema, with its bounds, is
 * `widgets/shared/rich-text.ts`; saving refuses anything else.
 *
 * ```json
 * {"type": "doc", "content": [
 *   {"type": "paragraph", "content": [{"type": "text", "text": "Read our "},
 *     {"type": "text", "text": "terms", "marks": [{"type": "link", "attrs": {"href": "https://example.com/terms"}}]}]},
 *   {"type": "bulletList", "content": [{"type": "listItem", "content": [{"type": "paragraph", "content": [{"type": "text", "text": "One"}]}]}]}]}
 * ```
 *
 * ZOD-FREE AT RUNTIME: the public form runs it (docs/architecture.md "The public form's bundle"). Pure; never throws.
 */
import { RICH_TEXT_LINK_MAX_LENGTH } from '../limits';

/** A mark on a piece of text: bold, italic, underline, or a link (`attrs.href`, see {@link isSafeLinkHref}). */
export type RichTextMark = { type: 'bold' } | { type: 'italic' } | { type: 'underline' } | { type: 'link'; attrs: { href: string } };

/** A piece of text with its marks. */
export interface RichTextText {
  type: 'text';
  text: string;
  marks?: RichTextMark[];
}

/** A line break inside a paragraph. */
export interface RichTextHardBreak {
  type: 'hardBreak';
}

/** What a paragraph holds. */
export type RichTextInline = RichTextText | RichTextHardBreak;

/** A paragraph (no `content`: an empty one). */
export interface RichTextParagraph {
  type: 'paragraph';
  content?: RichTextInline[];
}

/** A bulleted (`bulletList`) or numbered (`orderedList`) list. */
export interface RichTextList {
  type: 'bulletList' | 'orderedList';
  content: RichTextListItem[];
}

/** An item of a list: paragraphs and lists nested in it. */
export interface RichTextListItem {
  type: 'listItem';
  content: RichTextBlock[];
}

/** A paragraph or a list. */
export type RichTextBlock = RichTextParagraph | RichTextList;

/** A rich text document. */
export interface RichText {
  type: 'doc';
  content: RichTextBlock[];
}

/** The protocols a link may have: the web and email. Anything else (`javascript:`, `data:` …) is refused. */
export const LINK_PROTOCOLS: readonly string[] = ['http:', 'https:', 'mailto:'];

/**
 * True when `href` is an absolute `http:` or `https:` URL with a host, or a `mailto:` address, of at most
 * `RICH_TEXT_LINK_MAX_LENGTH` characters, without spaces or control characters.
 */
export function isSafeLinkHref(href: string): boolean {
  if (href.length === 0 || href.length > RICH_TEXT_LINK_MAX_LENGTH || /\s/.test(href)) return false;
  for (let i = 0; i < href.length; i += 1) if (href.charCodeAt(i) < 0x20 || href.charCodeAt(i) === 0x7f) return false;
  let url: URL;
  try {
    url = new URL(href);
  } catch {
    return false;
  }
  if (!LINK_PROTOCOLS.includes(url.protocol)) return false;
  return url.protocol === 'mailto:' ? url.pathname.length > 0 : url.hostname.length > 0;
}

/** The texts of `doc`'s pieces of text, in reading order (what answer piping reads; `rules/piping.ts`). */
export function richTextTexts(doc: RichText): string[] {
  const texts: string[] = [];
  const visit = (blocks: readonly RichTextBlock[]) => {
    for (const block of blocks) {
      if (block.type !== 'paragraph') for (const item of block.content) visit(item.content);
      else for (const inline of block.content ?? []) if (inline.type === 'text') texts.push(inline.text);
    }
  };
  visit(doc.content);
  return texts;
}

/** How many characters of text `doc` holds (line breaks and list markers not counted). */
export function richTextLength(doc: RichText): number {
  return richTextTexts(doc).reduce((sum, text) => sum + text.length, 0);
}

/** True when `doc` is absent or holds no text but spaces: such a description is none. */
export function isEmptyRichText(doc: RichText | undefined): boolean {
  return doc === undefined || richTextTexts(doc).every((text) => text.trim() === '');
}

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
 * `doc` with every piece of text replaced by `replace(text)` (answer piping: `rules/piping.ts` `pipeAnswers`); a
 * piece that becomes '' is dropped. A new document; `doc` is not changed.
 */
export function mapRichTextTexts(doc: RichText, replace: (text: string) => string): RichText {
  const blocks = (content: readonly RichTextBlock[]): RichTextBlock[] =>
    content.map((block) =>
      block.type === 'paragraph'
        ? {
            type: 'paragraph',
            content: (block.content ?? [])
              .map((inline) => (inline.type === 'text' ? { ...inline, text: replace(inline.text) } : inline))
              .filter((inline) => inline.type !== 'text' || inline.text !== ''),
          }
        : { type: block.type, content: block.content.map((item) => ({ type: 'listItem', content: blocks(item.content) })) },
    );
  return { type: 'doc', content: blocks(doc.content) };
}

/**
 * The rich text model of `json`, an editor's document (Tiptap's `getJSON()`): only the node and mark types of the
 * model are kept (other nodes are dropped, their text with them; other marks and attributes are dropped), links
 * keep their `href` only, and `undefined` when it holds no text ({@link isEmptyRichText}). What the editor saves;
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
    if (mark.type === 'link' && typeof href === 'string') kept.push({ type: 'link', attrs: { href } });
  }
  return kept;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
