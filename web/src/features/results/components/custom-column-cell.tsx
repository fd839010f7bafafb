/**
 * One response's value of a custom column, editable in place (the Results table's cells and the response drawer;
 * spec 001 §3 types): a Checkbox column is a checkbox that saves when ticked; the others show their text (an
 * option's label, 'Yes', the number) in a button that opens the column's editor — a text input (Short text,
 * Number), a text area (Long text: Shift+Enter for a new line), a select (Dropdown, saved when an option is picked,
 * cleared with its clear button) or a multi-select (Multi-select). Enter or leaving the field saves, Escape cancels.
 * The value is checked first by the rules the service runs (`rules/custom-columns.ts`: 'Please enter a number'); a
 * cell being saved shows a spinner, a refused one its message, and stays open. Unchanged values are not sent. A
 * read-only member sees the text only.
 */
import { useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { Checkbox, Loader, MultiSelect, Select, Text, Textarea, TextInput, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { customColumns as texts } from '@formloom/contracts/copy/custom-columns';
import type { CustomColumn, SubmissionCustomColumn } from '@formloom/contracts/entities/custom-column';
import { checkCustomColumnValue } from '@formloom/contracts/rules/custom-columns';
import { errorMessage } from '../../../lib/api-client';
import { useSetCustomColumnValue } from '../api/custom-columns';
import classes from './custom-columns.module.css';

/** Props of {@link CustomColumnCell}. */
export interface CustomColumnCellProps {
  publicIdentifier: string;
  submissionId: string;
  column: CustomColumn;
  /** The response's cell as the list gave it (absent: no value yet). */
  cell?: SubmissionCustomColumn;
  /** The caller may only view: the text, no editor. */
  readOnly?: boolean;
}

/** Whether two values are the same (JSON-equal): an unchanged value is not saved. */
function sameValue(a: unknown, b: unknown): boolean {
  return JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
}

/** An empty cell: a dash on the screen, 'No value' for screen readers. */
function EmptyText() {
  return (
    <Text component="span" fz="sm" c="dimmed">
      <span aria-hidden>—</span>
      <VisuallyHidden>{texts.emptyCell}</VisuallyHidden>
    </Text>
  );
}

/** The cell's box: the row that holds it leaves clicks and keys inside it alone (`data-own-events`). */
function Contained({ children }: { children: ReactNode }) {
  return (
    <div className={classes.cell} data-own-events>
      {children}
    </div>
  );
}

/** The cell (see the module doc). */
export function CustomColumnCell({ publicIdentifier, submissionId, column, cell, readOnly = false }: CustomColumnCellProps) {
  const value = cell?.value ?? null;
  const text = cell?.displayValue ?? '';
  const save = useSetCustomColumnValue(publicIdentifier);
  const [editing, setEditing] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // A checkbox shows its new state while it is being saved (and goes back if the save fails).
  const [ticking, setTicking] = useState<boolean | null>(null);
  // Set when the editor closes from the keyboard: the cell's button takes the focus back once it is there again.
  const refocus = useRef(false);
  const committing = useRef(false);

  if (readOnly) return text ? <Text fz="sm" lineClamp={3} className={classes.text}>{text}</Text> : <EmptyText />;

  const close = (fromKeyboard: boolean) => {
    refocus.current = fromKeyboard;
    setEditing(false);
    setError(null);
  };

  /** Checks and saves `next`; resolves whether the editor may close. */
  const commit = async (next: unknown, fromKeyboard = false): Promise<void> => {
    if (committing.current) return;
    const check = checkCustomColumnValue(column, next);
    if (!check.ok) return setError(check.message);
    if (sameValue(check.value, value)) return close(fromKeyboard);
    committing.current = true;
    try {
      await save.mutateAsync({ submissionId, columnId: column.id, value: check.value });
      close(fromKeyboard);
    } catch (failure) {
      setError(errorMessage(failure));
    } finally {
      committing.current = false;
    }
  };

  if (column.type === 'Checkbox') {
    return (
      <Contained>
        <Checkbox
          aria-label={column.name}
          checked={ticking ?? value === true}
          onChange={(event) => {
            const checked = event.currentTarget.checked;
            setTicking(checked);
            void commit(checked).finally(() => setTicking(null));
          }}
          error={error}
          readOnly={save.isPending}
        />
      </Contained>
    );
  }

  if (!editing) {
    return (
      <Contained>
        <UnstyledButton
          className={classes.button}
          onClick={() => setEditing(true)}
          ref={(node) => {
            if (node && refocus.current) {
              refocus.current = false;
              node.focus();
            }
          }}
          data-testid="custom-column-cell"
        >
          <VisuallyHidden>{texts.editCell(column.name)}: </VisuallyHidden>
          {text ? (
            <Text component="span" fz="sm" lineClamp={3} className={classes.text}>
              {text}
            </Text>
          ) : (
            <EmptyText />
          )}
        </UnstyledButton>
      </Contained>
    );
  }

  return (
    <Contained>
      <CellEditor column={column} value={value} error={error} saving={save.isPending} onCommit={commit} onCancel={close} />
    </Contained>
  );
}

/** Props of {@link CellEditor}: the column, its stored value, and what to do on a commit or a cancel. */
interface CellEditorProps {
  column: CustomColumn;
  value: unknown;
  error: string | null;
  saving: boolean;
  onCommit: (next: unknown, fromKeyboard?: boolean) => Promise<void>;
  /** Closes the editor unsaved; `fromKeyboard` (Escape) gives the focus back to the cell. */
  onCancel: (fromKeyboard: boolean) => void;
}

/** The editor of a cell that is not a checkbox, focused when it opens. */
function CellEditor({ column, value, error, saving, onCommit, onCancel }: CellEditorProps) {
  const options = (column.options ?? []).map(({ id, label }) => ({ value: id, label }));
  const [draft, setDraft] = useState<string>(typeof value === 'string' || typeof value === 'number' ? String(value) : '');
  const [picked, setPicked] = useState<string[]>(Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : []);
  const common = {
    'aria-label': column.name,
    error,
    autoFocus: true,
    size: 'xs' as const,
    rightSection: saving ? <Loader size={14} aria-label={texts.saving} /> : undefined,
    readOnly: saving,
    'data-testid': 'custom-column-editor',
    // Escape here cancels the edit; a drawer or dialog around the cell leaves it alone (Mantine's modals read this).
    'data-mantine-stop-propagation': 'true',
  };
  const keys = (commitOnEnter: (event: KeyboardEvent) => boolean, next: () => unknown) => (event: KeyboardEvent) => {
    if (event.key === 'Escape') {
      // Escape cancels the edit only: the drawer around the cell stays open.
      event.preventDefault();
      event.stopPropagation();
      onCancel(true);
    } else if (event.key === 'Enter' && commitOnEnter(event)) {
      event.preventDefault();
      void onCommit(next(), true);
    }
  };

  if (column.type === 'Dropdown') {
    return (
      <Select
        {...common}
        data={options}
        value={typeof value === 'string' ? value : null}
        onChange={(next) => void onCommit(next, true)}
        onKeyDown={keys(() => false, () => null)}
        onBlur={() => onCancel(false)}
        defaultDropdownOpened
        clearable
        clearButtonProps={{ 'aria-label': texts.clearValue }}
        comboboxProps={{ withinPortal: true }}
      />
    );
  }
  if (column.type === 'MultiSelect') {
    return (
      <MultiSelect
        {...common}
        data={options}
        value={picked}
        onChange={setPicked}
        onKeyDown={keys(() => false, () => picked)}
        onBlur={() => void onCommit(picked)}
        defaultDropdownOpened
        comboboxProps={{ withinPortal: true }}
      />
    );
  }
  if (column.type === 'LongAnswer') {
    return (
      <Textarea
        {...common}
        value={draft}
        onChange={(event) => setDraft(event.currentTarget.value)}
        onKeyDown={keys((event) => !event.shiftKey, () => draft)}
        onBlur={() => void onCommit(draft)}
        autosize
        minRows={2}
        maxRows={8}
      />
    );
  }
  return (
    <TextInput
      {...common}
      inputMode={column.type === 'NumberInput' ? 'decimal' : undefined}
      value={draft}
      onChange={(event) => setDraft(event.currentTarget.value)}
      onKeyDown={keys(() => true, () => draft)}
      onBlur={() => void onCommit(draft)}
    />
  );
}
