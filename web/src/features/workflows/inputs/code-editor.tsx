/**
 * The code node's editor: a monospace textarea (Mantine's Textarea) with the keys a code editor has —
 * - Tab indents (two spaces at the caret, or every line of a selection), Shift+Tab removes an indent;
 * - Enter keeps the current line's indent;
 * - Escape, then Tab, leaves the editor (Tab moves the focus on as everywhere else): the keyboard is never trapped
 *   (WCAG 2.1.2), and the field's description says so.
 * No code editor package is installed (CodeMirror, Monaco); this covers what a return-this-value function body needs.
 */
import { useLayoutEffect, useRef, type KeyboardEvent, type RefObject } from 'react';
import { Textarea } from '@mantine/core';
import classes from '../nodes/webhook-code.module.css';

/** The indent one Tab adds. */
export const INDENT = '  ';

/** A text edit's result: the new value and the selection after it. */
export interface TextEdit {
  value: string;
  selectionStart: number;
  selectionEnd: number;
}

/** `text` inserted in `value` in place of the selection [start, end): the caret after it. */
export function insertText(value: string, start: number, end: number, text: string): TextEdit {
  const caret = start + text.length;
  return { value: `${value.slice(0, start)}${text}${value.slice(end)}`, selectionStart: caret, selectionEnd: caret };
}

/**
 * Tab (`outdent` false) or Shift+Tab (`outdent` true) on the selection [start, end) of `value`: with no selection
 * and no outdent, an indent at the caret; otherwise every line the selection touches gains (or loses, up to) one
 * indent, and the selection follows its lines.
 */
export function indentEdit(value: string, start: number, end: number, outdent: boolean): TextEdit {
  if (!outdent && start === end) return insertText(value, start, end, INDENT);
  const lineStart = value.lastIndexOf('\n', start - 1) + 1;
  const lines = value.slice(lineStart, end).split('\n');
  let firstShift = 0;
  let total = 0;
  const changed = lines.map((line, index) => {
    let shift: number;
    let next: string;
    if (outdent) {
      const removable = line.startsWith(INDENT) ? INDENT.length : line.startsWith(' ') ? 1 : 0;
      next = line.slice(removable);
      shift = -removable;
    } else {
      next = `${INDENT}${line}`;
      shift = INDENT.length;
    }
    if (index === 0) firstShift = shift;
    total += shift;
    return next;
  });
  const result = `${value.slice(0, lineStart)}${changed.join('\n')}${value.slice(end)}`;
  return {
    value: result,
    selectionStart: Math.max(lineStart, start + firstShift),
    selectionEnd: Math.max(lineStart, end + total),
  };
}

/** Enter at the selection: a line break and the current line's leading spaces. */
export function newlineEdit(value: string, start: number, end: number): TextEdit {
  const lineStart = value.lastIndexOf('\n', start - 1) + 1;
  const indent = /^[ \t]*/.exec(value.slice(lineStart, start))?.[0] ?? '';
  return insertText(value, start, end, `\n${indent}`);
}

/** Props of {@link CodeEditor}. */
export interface CodeEditorProps {
  label: string;
  description?: string;
  value: string;
  onChange(value: string): void;
  error?: string;
  readOnly?: boolean;
  /** The textarea, for callers that insert text at its caret. */
  textareaRef?: RefObject<HTMLTextAreaElement | null>;
  'data-testid'?: string;
}

/** See the module doc. */
export function CodeEditor(props: CodeEditorProps) {
  const ownRef = useRef<HTMLTextAreaElement | null>(null);
  const ref = props.textareaRef ?? ownRef;
  /** The selection to restore once the edited value is rendered. */
  const pending = useRef<{ start: number; end: number } | null>(null);
  /** Escape was pressed: the next Tab leaves the editor. */
  const leaving = useRef(false);

  useLayoutEffect(() => {
    const selection = pending.current;
    if (!selection || !ref.current) return;
    pending.current = null;
    ref.current.setSelectionRange(selection.start, selection.end);
  }, [props.value, ref]);

  const apply = (edit: TextEdit) => {
    pending.current = { start: edit.selectionStart, end: edit.selectionEnd };
    props.onChange(edit.value);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (props.readOnly) return;
    const { selectionStart: start, selectionEnd: end, value } = event.currentTarget;
    if (event.key === 'Escape') {
      leaving.current = true;
      return;
    }
    const wasLeaving = leaving.current;
    leaving.current = false;
    if (event.key === 'Tab' && !wasLeaving && !event.ctrlKey && !event.altKey && !event.metaKey) {
      event.preventDefault();
      apply(indentEdit(value, start, end, event.shiftKey));
    } else if (event.key === 'Enter' && !event.shiftKey && !event.ctrlKey && !event.altKey && !event.metaKey) {
      event.preventDefault();
      apply(newlineEdit(value, start, end));
    }
  };

  return (
    <Textarea
      ref={ref}
      label={props.label}
      description={props.description}
      value={props.value}
      error={props.error}
      readOnly={props.readOnly}
      autosize
      minRows={6}
      maxRows={16}
      spellCheck={false}
      autoCapitalize="off"
      autoCorrect="off"
      classNames={{ input: classes.code }}
      onChange={(event) => props.onChange(event.currentTarget.value)}
      onKeyDown={onKeyDown}
      data-testid={props['data-testid']}
    />
  );
}
