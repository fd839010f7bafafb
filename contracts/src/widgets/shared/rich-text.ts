/**
 * The zod schemas of the rich text model of `rules/rich-text.ts` (its types and zod-free helpers live there): a
 * question's description ({@link RichText}) and, through {@link richTextSchema}, a workflow email's text (with
 * headings, spec 001 §9). What saving a template accepts. Unknown keys are dropped (a Tiptap link's `target`, `rel`
 * and `class`, a list's `start`), and the bounds of `limits.ts` hold: at most `DESCRIPTION_MAX_LENGTH` characters of
 * text, `RICH_TEXT_MAX_BLOCKS` blocks at the top, `RICH_TEXT_MAX_ITEMS` items per list or paragraph, lists nested
 * `RICH_TEXT_MAX_LIST_DEPTH` deep, links of `RICH_TEXT_LINK_MAX_LENGTH` characters to `http:`, `https:` or
 * `mailto:` addresses only (`copy.flows.descriptionLinkScheme`).
 */
import { z } from 'zod';
import * as copy from '../../copy';
import { DESCRIPTION_MAX_LENGTH, RICH_TEXT_HEADING_LEVELS, RICH_TEXT_MAX_BLOCKS, RICH_TEXT_MAX_ITEMS, RICH_TEXT_MAX_LIST_DEPTH } from '../../limits';
import { isSafeLinkHref, richTextLength, type RichText as RichTextDoc, type RichTextBlock, type RichTextList } from '../../rules/rich-text';

/** A mark: bold, italic, underline, or a link to a safe address ({@link isSafeLinkHref}). */
const RichTextMark = z.discriminatedUnion('type', [
  z.object({ type: z.literal('bold') }),
  z.object({ type: z.literal('italic') }),
  z.object({ type: z.literal('underline') }),
  z.object({
    type: z.literal('link'),
    attrs: z.object({ href: z.string().refine(isSafeLinkHref, { message: copy.flows.descriptionLinkScheme }) }),
  }),
]);

/** What a paragraph or heading holds: pieces of text (never empty, each at most `maxLength`) and line breaks. */
function inlinesOf(maxLength: number) {
  const text = z.object({ type: z.literal('text'), text: z.string().min(1).max(maxLength), marks: z.array(RichTextMark).max(4).optional() });
  return z.array(z.discriminatedUnion('type', [text, z.object({ type: z.literal('hardBreak') })])).max(RICH_TEXT_MAX_ITEMS).optional();
}

/** A bulleted or numbered list whose items hold `block`s. */
function listOf(block: z.ZodType<RichTextBlock>): z.ZodType<RichTextList> {
  const item = z.object({ type: z.literal('listItem'), content: z.array(block).min(1).max(RICH_TEXT_MAX_ITEMS) });
  return z.object({ type: z.enum(['bulletList', 'orderedList']), content: z.array(item).min(1).max(RICH_TEXT_MAX_ITEMS) });
}

/**
 * A paragraph (or, with `headings`, a heading of level 1–3) or a list, lists nested at most
 * `RICH_TEXT_MAX_LIST_DEPTH` deep (the deepest items hold text blocks).
 */
function blockSchema(maxLength: number, headings: boolean): z.ZodType<RichTextBlock> {
  const paragraph = z.object({ type: z.literal('paragraph'), content: inlinesOf(maxLength) });
  const heading = z.object({
    type: z.literal('heading'),
    attrs: z.object({ level: z.literal(RICH_TEXT_HEADING_LEVELS) }),
    content: inlinesOf(maxLength),
  });
  const text: z.ZodType<RichTextBlock> = headings ? z.union([paragraph, heading]) : paragraph;
  let block = text;
  for (let depth = 0; depth < RICH_TEXT_MAX_LIST_DEPTH; depth += 1) block = z.union([text, listOf(block)]);
  return block;
}

/** Options of {@link richTextSchema}. */
export interface RichTextSchemaOptions {
  /** At most this many characters of text in all (`richTextLength`). */
  maxLength: number;
  /** Whether headings (levels 1–3) are allowed: an email's text has them (spec 001 §9), a description does not. */
  headings: boolean;
  /** The message of a document over `maxLength`. */
  tooLong: string;
}

/** A rich text document `{type: 'doc', content: [...]}` within `options`' bounds (see the module doc). */
export function richTextSchema(options: RichTextSchemaOptions): z.ZodType<RichTextDoc> {
  return z
    .object({ type: z.literal('doc'), content: z.array(blockSchema(options.maxLength, options.headings)).max(RICH_TEXT_MAX_BLOCKS) })
    .refine((doc) => richTextLength(doc) <= options.maxLength, { message: options.tooLong });
}

/** A description: `{type: 'doc', content: [...]}`, no headings, at most `DESCRIPTION_MAX_LENGTH` characters of text in all. */
export const RichText: z.ZodType<RichTextDoc> = richTextSchema({
  maxLength: DESCRIPTION_MAX_LENGTH,
  headings: false,
  tooLong: copy.flows.descriptionTooLong(DESCRIPTION_MAX_LENGTH),
});
