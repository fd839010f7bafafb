/**
 * The rich text editor of a question's description (Tiptap with Mantine's toolbar, `@mantine/tiptap`): exactly the
 * node and mark types of the description's model (`@formloom/contracts/rules/rich-text`) — paragraphs, bulleted and
 * numbered lists (nested at most `RICH_TEXT_MAX_LIST_DEPTH` deep), line breaks (Shift+Enter), bold, italic, underline
 * and links to `http:`, `https:` and `mailto:` addresses — so what is pasted is reduced to them, and what it saves is
 * `toRichText(editor.getJSON())` (`undefined` when it holds no text). Its own undo history applies while it has the
 * focus; the form's undo and redo (and any other change from outside) replace its content. This module is its own
 * chunk (`question-description.tsx` loads it on demand): Tiptap and ProseMirror stay out of the editor's first paint.
 */
import '@mantine/tiptap/styles.css';
import { useEffect, type ReactNode } from 'react';
import { Link, RichTextEditor } from '@mantine/tiptap';
import Bold from '@tiptap/extension-bold';
import Document from '@tiptap/extension-document';
import HardBreak from '@tiptap/extension-hard-break';
import Italic from '@tiptap/extension-italic';
import { BulletList, ListItem, ListKeymap, OrderedList } from '@tiptap/extension-list';
import Paragraph from '@tiptap/extension-paragraph';
import Text from '@tiptap/extension-text';
import Underline from '@tiptap/extension-underline';
import { Placeholder, UndoRedo } from '@tiptap/extensions';
import { useEditor } from '@tiptap/react';
import type { ResolvedPos } from '@tiptap/pm/model';
import { RICH_TEXT_MAX_LIST_DEPTH } from '@formloom/contracts/limits';
import { isSafeLinkHref, type RichText } from '@formloom/contracts/rules/rich-text';
import { completeLinkHref, toRichText } from '@formloom/contracts/rules/rich-text-convert';
import classes from './rich-text-input.module.css';

/** How many list items hold the position `$pos` (0 outside lists). */
function listDepth($pos: ResolvedPos): number {
  let depth = 0;
  for (let level = $pos.depth; level > 0; level -= 1) if ($pos.node(level).type.name === 'listItem') depth += 1;
  return depth;
}

/** A list item that Tab nests no deeper than saving accepts (at the deepest, Tab leaves the editor as usual). */
const BoundedListItem = ListItem.extend({
  addKeyboardShortcuts() {
    return {
      ...this.parent?.(),
      Tab: () => listDepth(this.editor.state.selection.$from) < RICH_TEXT_MAX_LIST_DEPTH && this.editor.commands.sinkListItem(this.name),
    };
  },
});

/** Props of {@link RichTextInput}. */
export interface RichTextInputProps {
  value: RichText | undefined;
  /** The new document, `undefined` when it holds no text. */
  onChange(value: RichText | undefined): void;
  /** The accessible name of the editable area. */
  label: string;
  placeholder: string;
  /** Put the caret in it when it appears (opened by a click on 'Add a description'). */
  focusOnOpen?: boolean;
  /** A control at the end of the toolbar, given the command that inserts text at the caret ('Insert an answer'). */
  insertControl?: (insert: (text: string) => void) => ReactNode;
}

/** The description's editor: a toolbar (bold, italic, underline, lists, link, remove link, `insertControl`) over the text. */
export default function RichTextInput({ value, onChange, label, placeholder, focusOnOpen = false, insertControl }: RichTextInputProps) {
  const editor = useEditor({
    extensions: [
      Document,
      Paragraph,
      Text,
      HardBreak,
      Bold,
      Italic,
      Underline,
      BulletList,
      OrderedList,
      BoundedListItem,
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
    ],
    content: value ?? '',
    autofocus: focusOnOpen ? 'end' : false,
    editorProps: { attributes: { 'aria-label': label, role: 'textbox', 'aria-multiline': 'true' } },
    onUpdate: ({ editor: current }) => onChange(toRichText(current.getJSON())),
  });

  // The form's undo or redo replaced the description: show what it is now (unless that is what is shown already).
  useEffect(() => {
    if (!editor || editor.isDestroyed) return;
    if (JSON.stringify(toRichText(editor.getJSON())) !== JSON.stringify(value)) editor.commands.setContent(value ?? '', { emitUpdate: false });
  }, [editor, value]);

  const insert = (text: string) => editor?.chain().focus().insertContent(text).run();
  return (
    <RichTextEditor editor={editor} classNames={{ root: classes.root, content: classes.content, linkEditorExternalControl: classes.hidden }} data-testid="description-editor">
      <RichTextEditor.Toolbar>
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
        {insertControl?.(insert)}
      </RichTextEditor.Toolbar>
      <RichTextEditor.Content />
    </RichTextEditor>
  );
}
