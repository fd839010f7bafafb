/**
 * A question's description (`rules/rich-text.ts`, `widgets/shared/rich-text.ts`): the restricted document saving
 * accepts, the links it allows, its plain text, and the model the editor saves from Tiptap's JSON.
 */
import * as copy from '../src/copy';
import type { FlowTemplate, Widget } from '../src/entities/flow-template';
import { DESCRIPTION_MAX_LENGTH, RICH_TEXT_MAX_LIST_DEPTH } from '../src/limits';
import { validateFlowTemplate } from '../src/rules/flow-template';
import { publishProblems } from '../src/rules/publish-checks';
import { completeLinkHref, richTextPlainText, toRichText } from '../src/rules/rich-text-convert';
import {
  isEmptyRichText,
  isSafeLinkHref,
  mapRichTextTexts,
  richTextLength,
  type RichText,
  type RichTextBlock,
  type RichTextInline,
} from '../src/rules/rich-text';
import { ask, ending, form, page } from './logic-forms';

const text = (value: string, ...marks: Array<'bold' | 'italic' | 'underline'>) => ({ type: 'text' as const, text: value, ...(marks.length > 0 ? { marks: marks.map((type) => ({ type })) } : {}) });
const link = (value: string, href: string) => ({ type: 'text' as const, text: value, marks: [{ type: 'link' as const, attrs: { href } }] });
const paragraph = (...content: RichTextInline[]): RichTextBlock => ({ type: 'paragraph', content });
const list = (type: 'bulletList' | 'orderedList', ...items: RichTextBlock[][]): RichTextBlock => ({ type, content: items.map((content) => ({ type: 'listItem', content })) });
const doc = (...content: RichTextBlock[]): RichText => ({ type: 'doc', content });

/** Every node and mark of the model: bold, italic, underline, a link, a line break, both lists, a nested list. */
const RICH: RichText = doc(
  paragraph(text('Tell us '), text('why', 'bold'), text(', '), text('briefly', 'italic', 'underline')),
  paragraph(text('Read the '), link('terms', 'https://example.com/terms'), { type: 'hardBreak' }, text('or write to '), link('us', 'mailto:help@example.com')),
  list('bulletList', [paragraph(text('One'))], [paragraph(text('Two')), list('orderedList', [paragraph(text('Two a'))], [paragraph(text('Two b'))])]),
  list('orderedList', [paragraph(text('First'))], [paragraph(text('Second'))]),
);

/** A one-question form whose question has `description` (as JSON, so anything may be sent). */
function formWith(description: unknown): unknown {
  const template = form('p', page('p', [ask.text('name')], 'end'), ending('end'));
  const widget = (template.steps.p as { template: { widgets: Array<{ template: Record<string, unknown> }> } }).template.widgets[0]!;
  widget.template.description = description;
  return JSON.parse(JSON.stringify(template));
}

function savedDescription(description: unknown): unknown {
  const result = validateFlowTemplate(formWith(description));
  if (!result.ok) throw new Error(JSON.stringify(result.errors));
  const step = result.template.steps.p;
  return step?.type === 'form' ? step.template.widgets[0]?.template.description : undefined;
}

function errorsOf(description: unknown) {
  const result = validateFlowTemplate(formWith(description));
  return result.ok ? [] : result.errors;
}

const AT = 'steps.p.template.widgets.0.template.description';

describe('the description schema (saving)', () => {
  it('keeps every node and mark of the model as it is', () => {
    expect(savedDescription(RICH)).toEqual(RICH);
  });

  it('drops what the model does not hold: a link’s target, rel and class, a list’s start, unknown keys', () => {
    const tiptap = {
      type: 'doc',
      content: [
        { type: 'paragraph', attrs: { textAlign: 'left' }, content: [{ type: 'text', text: 'Terms', marks: [{ type: 'link', attrs: { href: 'https://example.com', target: '_blank', rel: 'noopener', class: 'x' } }] }] },
        { type: 'orderedList', attrs: { start: 5, type: null }, content: [{ type: 'listItem', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Five' }] }] }] },
      ],
    };
    expect(savedDescription(tiptap)).toEqual(doc(paragraph(link('Terms', 'https://example.com')), list('orderedList', [paragraph(text('Five'))])));
  });

  it.each(['javascript:alert(1)', 'data:text/html,<script>alert(1)</script>', '/relative', 'ftp://example.com/file', 'https://', 'https://exa mple.com'])(
    'refuses a link to %j',
    (href) => {
      expect(errorsOf(doc(paragraph(link('here', href))))).toEqual([{ path: `${AT}.content.0.content.0.marks.0.attrs.href`, message: copy.flows.descriptionLinkScheme }]);
    },
  );

  it('refuses node types outside the model: a heading, an image, raw HTML', () => {
    for (const block of [{ type: 'heading', content: [text('Big')] }, { type: 'image', attrs: { src: 'https://x/y.png' } }, '<b>bold</b>']) {
      expect(errorsOf(doc(block as unknown as RichTextBlock)).map((error) => error.path)).toEqual([`${AT}.content.0`]);
    }
    expect(errorsOf('<p>Hello</p>').map((error) => error.path)).toEqual([AT]);
  });

  it(`refuses more than ${DESCRIPTION_MAX_LENGTH} characters of text in all`, () => {
    const half = 'x'.repeat(DESCRIPTION_MAX_LENGTH / 2);
    expect(errorsOf(doc(paragraph(text(half)), paragraph(text(half))))).toEqual([]);
    expect(errorsOf(doc(paragraph(text(half)), paragraph(text(`${half}y`))))).toEqual([{ path: AT, message: copy.flows.descriptionTooLong(DESCRIPTION_MAX_LENGTH) }]);
  });

  it(`refuses lists nested deeper than ${RICH_TEXT_MAX_LIST_DEPTH}`, () => {
    let nested: RichTextBlock = paragraph(text('deep'));
    for (let depth = 0; depth < RICH_TEXT_MAX_LIST_DEPTH; depth += 1) nested = list('bulletList', [paragraph(text(`level ${depth}`)), nested]);
    expect(errorsOf(doc(nested))).toEqual([]);
    expect(errorsOf(doc(list('bulletList', [nested])))).not.toEqual([]);
  });
});

describe('links', () => {
  it.each([
    ['https://example.com/terms?x=1#y', true],
    ['http://example.com', true],
    ['mailto:help@example.com', true],
    ['javascript:alert(1)', false],
    ['JAVASCRIPT:alert(1)', false],
    ['vbscript:x', false],
    ['data:text/plain,hi', false],
    ['example.com', false],
    ['//example.com', false],
    ['https://example.com/\nx', false],
    ['mailto:', false],
    ['', false],
  ])('%j is safe: %s', (href, safe) => {
    expect(isSafeLinkHref(href)).toBe(safe);
  });
});

describe('the plain text', () => {
  it('puts a paragraph on a line, keeps line breaks, marks list items and nests them, and gives a link’s address', () => {
    expect(richTextPlainText(RICH)).toBe(
      [
        'Tell us why, briefly',
        'Read the terms (https://example.com/terms)',
        'or write to us (help@example.com)',
        '• One',
        '• Two',
        '  1. Two a',
        '  2. Two b',
        '1. First',
        '2. Second',
      ].join('\n'),
    );
  });

  it('gives a link whose text is its address once', () => {
    expect(richTextPlainText(doc(paragraph(link('https://example.com', 'https://example.com'))))).toBe('https://example.com');
  });

  it('counts the characters of text only', () => {
    expect(richTextLength(doc(paragraph(text('ab'), { type: 'hardBreak' }, text('c')), list('bulletList', [paragraph(text('de'))])))).toBe(5);
  });
});

describe('the model the editor saves (toRichText)', () => {
  it('is undefined for an empty editor, spaces only, or no document', () => {
    expect(toRichText({ type: 'doc', content: [{ type: 'paragraph' }] })).toBeUndefined();
    expect(toRichText({ type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: '   ' }] }] })).toBeUndefined();
    expect(toRichText({ type: 'doc', content: [{ type: 'bulletList', content: [{ type: 'listItem', content: [{ type: 'paragraph' }] }] }] })).toBeUndefined();
    expect(toRichText(null)).toBeUndefined();
    expect(toRichText('<p>x</p>')).toBeUndefined();
    expect(isEmptyRichText(undefined)).toBe(true);
  });

  it('keeps the model’s nodes and marks and nothing else', () => {
    const json = {
      type: 'doc',
      content: [
        { type: 'heading', content: [{ type: 'text', text: 'Dropped' }] },
        { type: 'paragraph', content: [{ type: 'text', text: 'Kept', marks: [{ type: 'bold' }, { type: 'strike' }, { type: 'link', attrs: { href: 'https://x.org', target: '_blank' } }] }, { type: 'hardBreak' }, { type: 'mention', attrs: { id: 1 } }] },
      ],
    };
    expect(toRichText(json)).toEqual(doc({ type: 'paragraph', content: [{ type: 'text', text: 'Kept', marks: [{ type: 'bold' }, { type: 'link', attrs: { href: 'https://x.org' } }] }, { type: 'hardBreak' }] }));
    expect(toRichText(JSON.parse(JSON.stringify(RICH)))).toEqual(RICH);
  });
});

describe('links typed without a scheme', () => {
  it.each([
    ['example.com/terms', 'https://example.com/terms'],
    ['www.example.com', 'https://www.example.com'],
    ['ada@example.com', 'mailto:ada@example.com'],
    [' https://example.com ', 'https://example.com'],
    ['javascript:alert(1)', 'javascript:alert(1)'],
    ['terms', 'terms'],
  ])('%j is saved as %j', (typed, saved) => {
    expect(completeLinkHref(typed)).toBe(saved);
    const json = { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'x', marks: [{ type: 'link', attrs: { href: typed } }] }] }] };
    expect(toRichText(json)).toEqual(doc(paragraph(link('x', saved))));
  });
});

describe('piping in a description', () => {
  it('replaces each piece of text and drops the pieces that become empty', () => {
    const piped = mapRichTextTexts(doc(paragraph(text('Hi {{answers.name}}', 'bold'), text('{{answers.gone}}'))), (value) =>
      value.replace('{{answers.name}}', 'Ada').replace('{{answers.gone}}', ''),
    );
    expect(piped).toEqual(doc(paragraph(text('Hi Ada', 'bold'))));
  });

  it('publishing refuses a description that pipes a later or unknown question, as a label', () => {
    const withDescription = (id: string, description: RichText): Widget => ({ id, name: id, type: 'ShortAnswer', template: { label: id, required: false, description } });
    const template: FlowTemplate = form(
      'p',
      page('p', [ask.text('name'), withDescription('mail', doc(paragraph(text('Hello {{answers.name}}')))), withDescription('early', doc(paragraph(text('{{answers.late}}')))), ask.text('late')], 'q'),
      page('q', [withDescription('ghost', doc(list('bulletList', [paragraph(text('{{answers.nobody}}'))])))], 'end'),
      ending('end'),
    );
    expect(publishProblems(template)).toEqual([
      { path: 'steps.p.template.widgets.2.template.description', message: copy.flows.pipedLaterQuestion },
      { path: 'steps.q.template.widgets.0.template.description', message: copy.flows.pipedUnknownQuestion },
    ]);
  });
});
