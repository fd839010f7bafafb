/**
 * A question's description on the public form (and the editor's preview): the rich text model of
 * `@formloom/contracts/rules/rich-text` drawn as React elements — paragraphs, lists, line breaks, bold, italic,
 * underline and links — never as HTML (no `innerHTML`: the text is only ever text). A link opens in a new tab with
 * `rel="noopener noreferrer"`; one whose address is not `http:`, `https:` or `mailto:` (saving refuses those) shows
 * as its text alone. Zod-free and tiny: it is on the form's first paint.
 */
import { Fragment, type ReactNode } from 'react';
import { isSafeLinkHref, type RichText, type RichTextBlock, type RichTextInline } from '@formloom/contracts/rules/rich-text';
import classes from './rich-text.module.css';

/** `doc` as React elements inside a `<div>` with `id` (what a control's `aria-describedby` names). */
export function RichTextView({ doc, id }: { doc: RichText; id?: string }) {
  return (
    <div id={id} className={classes.richText} data-testid="question-description">
      {blocks(doc.content)}
    </div>
  );
}

function blocks(content: readonly RichTextBlock[]): ReactNode[] {
  return content.map((block, index) => {
    // A description never holds a heading (its schema refuses them; only an email's text has them): shown as a paragraph.
    if (block.type === 'paragraph' || block.type === 'heading') return <p key={index}>{block.content?.length ? block.content.map(inline) : <br />}</p>;
    const items = block.content.map((item, at) => <li key={at}>{blocks(item.content)}</li>);
    return block.type === 'orderedList' ? <ol key={index}>{items}</ol> : <ul key={index}>{items}</ul>;
  });
}

function inline(piece: RichTextInline, index: number): ReactNode {
  if (piece.type === 'hardBreak') return <br key={index} />;
  let node: ReactNode = piece.text;
  for (const mark of piece.marks ?? []) {
    if (mark.type === 'bold') node = <strong>{node}</strong>;
    else if (mark.type === 'italic') node = <em>{node}</em>;
    else if (mark.type === 'underline') node = <u>{node}</u>;
    else if (mark.type === 'link' && isSafeLinkHref(mark.attrs.href)) {
      node = (
        <a href={mark.attrs.href} target="_blank" rel="noopener noreferrer">
          {node}
        </a>
      );
    }
  }
  return <Fragment key={index}>{node}</Fragment>;
}
