/**
 * The rich text editor of an email's text block (spec 001 §3 email blocks, §9 "Rich text headings levels 1-3 with
 * bold, italic, underline, link"): Tiptap with Mantine's toolbar (`@mantine/tiptap`), over exactly the node and mark
 * types of the rich text model the form builder's descriptions use (`@formloom/contracts/rules/rich-text`) plus its
 * headings — paragraphs, headings 1–3, bulleted and numbered lists, line breaks (Shift+Enter), bold, italic,
 * underline, links to `http:`, `https:` and `mailto:` addresses. It saves `toRichText(json, {headings: true})`.
 *
 * Variables (`{{answers.<id>}}`, `{{nodes.<id>.<field>}}`, contracts `logic.ts`) show as chips labelled with what they
 * read ('Your name'), inserted from the toolbar's variable picker (`VariableMenu`). The stored text keeps the
 * `{{path}}` form: the chips are made from it when the text is loaded and turned back into it when it is saved
 * ({@link toEditorJson}, {@link fromEditorJson}), so the engine's `interpolate` reads them and nothing else changes.
 * A chip is one character to the caret: Backspace removes it whole.
 *
 * Its own undo history applies while it has the focus; a change from outside (the canvas's undo) replaces its content.
 * This module is its own chunk (`email-blocks.tsx` loads it on demand): Tiptap stays out of the canvas's first paint.
 */
import '@mantine/tiptap/styles.css';
import { useEffect, useMemo, useRef } from 'react';
import { Link, RichTextEditor } from '@mantine/tiptap';
import { mergeAttributes, Node } from '@tiptap/core';
import Bold from '@tiptap/extension-bold';
import Document from '@tiptap/extension-document';
import HardBreak from '@tiptap/extension-hard-break';
import Heading from '@tiptap/extension-heading';
import Italic from '@tiptap/extension-italic';
import { BulletList, ListItem, ListKeymap, OrderedList } from '@tiptap/extension-list';
import Paragraph from '@tiptap/extension-paragraph';
import Text from '@tiptap/extension-text';
import Underline from '@tiptap/extension-underline';
import { Placeholder, UndoRedo } from '@tiptap/extensions';
import { useEditor } from '@tiptap/react';
import { RICH_TEXT_HEADING_LEVELS } from '@formloom/contracts/limits';
import { isSafeLinkHref, type RichText } from '@formloom/contracts/rules/rich-text';
import { completeLinkHref, toRichText } from '@formloom/contracts/rules/rich-text-convert';
import { VariableMenu, variableGroupsFor, variableLabel } from './variable-menu';
import type { WorkflowEditorContext } from '../nodes/types';
import classes from './email-rich-text.module.css';

/** A `{{path}}` in a piece of text. */
const VARIABLE = /\{\{\s*([\w.-]+)\s*\}\}/g;

/** The name of the chip node in the editor's document. */
const VARIABLE_NODE = 'variable';

/**
 * The inline chip of a variable: an atom holding its path and the label it shows (set when the chip is made: from the
 * variables offered then; see the module doc).
 */
const VariableChip = Node.create({
  name: VARIABLE_NODE,
  group: 'inline',
  inline: true,
  atom: true,
  selectable: true,
  addAttributes() {
    return {
      path: {
        default: '',
        parseHTML: (element: HTMLElement) => element.getAttribute('data-variable') ?? '',
        renderHTML: (attributes: { path?: string }) => ({ 'data-variable': attributes.path ?? '' }),
      },
      label: {
        default: '',
        parseHTML: (element: HTMLElement) => element.textContent ?? '',
        renderHTML: () => ({}),
      },
    };
  },
  parseHTML() {
    return [{ tag: 'span[data-variable]' }];
  },
  renderHTML({ node, HTMLAttributes }) {
    const label = String(node.attrs.label || node.attrs.path || '');
    return ['span', mergeAttributes(HTMLAttributes, { class: classes.chip, 'data-testid': 'variable-chip' }), label];
  },
  renderText({ node }) {
    return `{{${String(node.attrs.path ?? '')}}}`;
  },
});

type Json = Record<string, unknown>;

/**
 * The editor's document of `doc`: each `{{path}}` of its texts as a chip node labelled `labelOf(path)`, carrying the
 * text's marks. A new object; `doc` is not changed.
 */
export function toEditorJson(doc: RichText, labelOf: (path: string) => string = (path) => path): Json {
  const convert = (node: unknown): unknown => {
    if (typeof node !== 'object' || node === null) return node;
    const record = node as Json;
    if (record.type === 'text' && typeof record.text === 'string') {
      const pieces: Json[] = [];
      let last = 0;
      for (const match of record.text.matchAll(VARIABLE)) {
        const at = match.index ?? 0;
        if (at > last) pieces.push({ ...record, text: record.text.slice(last, at) });
        const path = match[1] ?? '';
        pieces.push({ type: VARIABLE_NODE, attrs: { path, label: labelOf(path) }, ...(record.marks ? { marks: record.marks } : {}) });
        last = at + match[0].length;
      }
      if (last < record.text.length) pieces.push({ ...record, text: record.text.slice(last) });
      return pieces;
    }
    return Array.isArray(record.content) ? { ...record, content: record.content.flatMap((child) => convert(child)) } : record;
  };
  return convert(doc) as Json;
}

/**
 * The rich text of the editor's document `json` (see the module doc): chips back into `{{path}}` texts, then the
 * model's conversion with headings (`toRichText`); `undefined` when it holds no text.
 */
export function fromEditorJson(json: unknown): RichText | undefined {
  const convert = (node: unknown): unknown => {
    if (typeof node !== 'object' || node === null) return node;
    const record = node as Json;
    if (record.type === VARIABLE_NODE) {
      const path = typeof (record.attrs as Json | undefined)?.path === 'string' ? ((record.attrs as Json).path as string) : '';
      return { type: 'text', text: `{{${path}}}`, ...(record.marks ? { marks: record.marks } : {}) };
    }
    return Array.isArray(record.content) ? { ...record, content: record.content.map(convert) } : record;
  };
  return toRichText(convert(json), { headings: true });
}

/** Props of {@link EmailRichText}. */
export interface EmailRichTextProps {
  value: RichText;
  /** The new document (an empty one when it holds no text). */
  onChange(value: RichText): void;
  /** The accessible name of the editable area. */
  label: string;
  placeholder: string;
  /** The workflow and the node whose variables the picker offers. */
  context: WorkflowEditorContext;
  nodeId: string | null;
  readOnly?: boolean;
}

const EMPTY: RichText = { type: 'doc', content: [] };

/** See the module doc. */
export default function EmailRichText({ value, onChange, label, placeholder, context, nodeId, readOnly = false }: EmailRichTextProps) {
  const groups = useMemo(() => variableGroupsFor(context, nodeId), [context, nodeId]);
  const labelOf = (path: string) => variableLabel(groups, path);
  // The documents this editor handed over that have not come back as `value` yet (serialized, oldest first): a value
  // among them is this editor's own change coming back — perhaps after a faster keystroke — never a change to undo.
  const pending = useRef<string[]>([]);
  const editor = useEditor({
    extensions: [
      Document,
      Paragraph,
      Text,
      HardBreak,
      Heading.configure({ levels: [...RICH_TEXT_HEADING_LEVELS] }),
      Bold,
      Italic,
      Underline,
      BulletList,
      OrderedList,
      ListItem,
      ListKeymap,
      UndoRedo,
      Placeholder.configure({ placeholder }),
      Link.configure({
        openOnClick: false,
        defaultProtocol: 'https',
        protocols: ['mailto'],
        // 'example.com' becomes https://example.com when saved; javascript:, data: … are never links.
        isAllowedUri: (url) => isSafeLinkHref(completeLinkHref(url)),
      }),
      VariableChip,
    ],
    content: toEditorJson(value, labelOf),
    editable: !readOnly,
    editorProps: { attributes: { 'aria-label': label, role: 'textbox', 'aria-multiline': 'true', ...(readOnly ? { 'aria-readonly': 'true' } : {}) } },
    onUpdate: ({ editor: current }) => {
      const doc = fromEditorJson(current.getJSON()) ?? EMPTY;
      pending.current.push(JSON.stringify(doc));
      onChange(doc);
    },
  });

  // A change from outside (the canvas's undo): show what it is now, unless it is this editor's own change coming back
  // or what is shown already.
  useEffect(() => {
    if (!editor || editor.isDestroyed) return;
    const wanted = JSON.stringify(toRichText(value, { headings: true }) ?? EMPTY);
    const echo = pending.current.indexOf(wanted);
    if (echo >= 0) {
      pending.current.splice(0, echo + 1);
      return;
    }
    pending.current = [];
    if (JSON.stringify(fromEditorJson(editor.getJSON()) ?? EMPTY) !== wanted) {
      editor.commands.setContent(toEditorJson(value, (path) => variableLabel(groups, path)), { emitUpdate: false });
    }
  }, [editor, value, groups]);

  const insert = (path: string) => editor?.chain().focus().insertContent({ type: VARIABLE_NODE, attrs: { path, label: labelOf(path) } }).run();
  return (
    <RichTextEditor editor={editor} classNames={{ root: classes.root, content: classes.content, linkEditorExternalControl: classes.hidden }}>
      {!readOnly && (
        <RichTextEditor.Toolbar>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.H1 />
            <RichTextEditor.H2 />
            <RichTextEditor.H3 />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.Bold />
            <RichTextEditor.Italic />
            <RichTextEditor.Underline />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.BulletList />
            <RichTextEditor.OrderedList />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.Link />
            <RichTextEditor.Unlink />
          </RichTextEditor.ControlsGroup>
          <VariableMenu context={context} nodeId={nodeId} onPick={insert} />
        </RichTextEditor.Toolbar>
      )}
      <RichTextEditor.Content />
    </RichTextEditor>
  );
}
