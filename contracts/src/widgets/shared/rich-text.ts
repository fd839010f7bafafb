/**
 * The zod schema of a question's description, the rich text model of `rules/rich-text.ts` (its types and zod-free
 * helpers live there): what saving a template accepts. Unknown keys are dropped (a Tiptap link's `target`, `rel`
 * and `class`, a list's `start`), and the bounds of `limits.ts` hold: at most `DESCRIPTION_MAX_LENGTH` characters of
 * text, `RICH_TEXT_MAX_BLOCKS` blocks at the top, `RICH_TEXT_MAX_ITEMS` items per list or paragraph, lists nested
 * `RICH_TEXT_MAX_LIST_DEPTH` deep, links of `RICH_TEXT_LINK_MAX_LENGTH` characters to `http:`, `https:` or
 * `mailto:` addresses only (`copy.flows.descriptionLinkScheme`).
 */
import { z } from 'zod';
import * as copy from '../../copy';
import { DESCRIPTION_MAX_LENGTH, RICH_TEXT_MAX_BLOCKS, RICH_TEXT_MAX_ITEMS, RICH_TEXT_MAX_LIST_DEPTH } from '../../limits';
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

/** A piece of text (never empty) with at most one mark of each type. */
const RichTextText = z.object({
  type: z.literal('text'),
  text: z.string().min(1).max(DESCRIPTION_MAX_LENGTH),
  marks: z.array(RichTextMark).max(4).optional(),
});

/** A paragraph: pieces of text and line breaks. */
const RichTextParagraph = z.object({
  type: z.literal('paragraph'),
  content: z.array(z.discriminatedUnion('type', [RichTextText, z.object({ type: z.literal('hardBreak') })])).max(RICH_TEXT_MAX_ITEMS).optional(),
});

/** A bulleted or numbered list whose items hold `block`s. */
function listOf(block: z.ZodType<RichTextBlock>): z.ZodType<RichTextList> {
  const item = z.object({ type: z.literal('listItem'), content: z.array(block).min(1).max(RICH_TEXT_MAX_ITEMS) });
  return z.object({ type: z.enum(['bulletList', 'orderedList']), content: z.array(item).min(1).max(RICH_TEXT_MAX_ITEMS) });
}

/** A paragraph or a list, lists nested at most `RICH_TEXT_MAX_LIST_DEPTH` deep (the deepest items hold paragraphs). */
function blockSchema(): z.ZodType<RichTextBlock> {
  let block: z.ZodType<RichTextBlock> = RichTextParagraph;
  for (let depth = 0; depth < RICH_TEXT_MAX_LIST_DEPTH; depth += 1) block = z.union([RichTextParagraph, listOf(block)]);
  return block;
}

/** A description: `{type: 'doc', content: [...]}`, at most `DESCRIPTION_MAX_LENGTH` characters of text in all. */
export const RichText: z.ZodType<RichTextDoc> = z
  .object({ type: z.literal('doc'), content: z.array(blockSchema()).max(RICH_TEXT_MAX_BLOCKS) })
  .refine((doc) => richTextLength(doc) <= DESCRIPTION_MAX_LENGTH, { message: copy.flows.descriptionTooLong(DESCRIPTION_MAX_LENGTH) });
