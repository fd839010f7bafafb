/**
 * Rich text of a question's description (`template.description`) and of a workflow email's text block (spec 001 §3,
 * §9): a small document model — paragraphs, headings of levels 1 to 3 (`RICH_TEXT_HEADING_LEVELS`; only an email's
 * text may hold them: the description's schema refuses them), bulleted and numbered lists (nested at most
 * `RICH_TEXT_MAX_LIST_DEPTH` deep), line breaks, and text that is bold, italic, underlined or a link to an `http:`,
 * `https:` or `mailto:` address. It is the JSON shape Tiptap (ProseMirror) gives
 * for those node and mark types (`editor.getJSON()`), so the editor stores what it edits, and the public form draws
 * it as React elements — never as HTML (`web/src/respondent/rich-text.tsx`). Its zod schemas, with their bounds, are
 * `widgets/shared/rich-text.ts` (`RichText` for descriptions, `richTextSchema` for others); saving refuses anything
 * else. Its plain text, its HTML (an email's body) and the editor's conversion are `rules/rich-text-convert.ts`.
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
import { RICH_TEXT_HEADING_LEVELS, RICH_TEXT_LINK_MAX_LENGTH } from '../limits';

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

/** A heading's level: 1 to 3 (spec 001 §9 "Rich text headings levels 1-3"). */
export type RichTextHeadingLevel = (typeof RICH_TEXT_HEADING_LEVELS)[number];

/** True for a heading level the model has ({@link RichTextHeadingLevel}). */
export function isHeadingLevel(value: unknown): value is RichTextHeadingLevel {
  return (RICH_TEXT_HEADING_LEVELS as readonly unknown[]).includes(value);
}

/** A heading (Tiptap's `heading` node, `attrs.level` 1–3): inline content like a paragraph's. */
export interface RichTextHeading {
  type: 'heading';
  attrs: { level: RichTextHeadingLevel };
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

/** A paragraph, a heading or a list. */
export type RichTextBlock = RichTextParagraph | RichTextHeading | RichTextList;

/** True for a block of inline content (a paragraph or a heading), false for a list. */
export function isTextBlock(block: RichTextBlock): block is RichTextParagraph | RichTextHeading {
  return block.type === 'paragraph' || block.type === 'heading';
}

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
      if (!isTextBlock(block)) for (const item of block.content) visit(item.content);
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
 * `doc` with every piece of text replaced by `replace(text)` (answer piping: `rules/piping.ts` `pipeAnswers`); a
 * piece that becomes '' is dropped. A new document; `doc` is not changed.
 */
export function mapRichTextTexts(doc: RichText, replace: (text: string) => string): RichText {
  const blocks = (content: readonly RichTextBlock[]): RichTextBlock[] =>
    content.map((block): RichTextBlock => {
      if (!isTextBlock(block)) return { type: block.type, content: block.content.map((item) => ({ type: 'listItem', content: blocks(item.content) })) };
      const inlines = (block.content ?? [])
        .map((inline) => (inline.type === 'text' ? { ...inline, text: replace(inline.text) } : inline))
        .filter((inline) => inline.type !== 'text' || inline.text !== '');
      return block.type === 'heading' ? { type: 'heading', attrs: { level: block.attrs.level }, content: inlines } : { type: 'paragraph', content: inlines };
    });
  return { type: 'doc', content: blocks(doc.content) };
}
