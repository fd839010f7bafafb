/**
 * The editor's draft state, shared by the shell (Save, Publish, unsaved indicator) and the tabs: the template
 * being edited with its undo history, the last saved template (to tell unsaved changes), the selected page, and
 * the errors of the last save attempt. Lives above the tabs so switching tabs keeps unsaved edits. It also holds the
 * editor's commands: a component that can run a keyboard shortcut's action registers it ({@link useEditorCommand}),
 * and the shell's key listener runs whichever is registered (`use-editor-shortcuts.ts`).
 */
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import type { FlowTemplate } from '@formloom/contracts/entities/flow-template';
import type { FieldError } from '@formloom/contracts/errors';
import { record, redo, replacePresent, startHistory, undo, type RecordOptions } from '../model/history';
import { locateErrors, NO_SAVE_ERRORS, type SaveErrors } from '../model/save-errors';
import type { ShortcutId } from '../model/shortcuts';

export interface EditorState {
  publicIdentifier: string;
  draft: FlowTemplate;
  isDirty: boolean;
  selectedStepId: string;
  saveErrors: SaveErrors;
  /**
   * Applies an edit to the draft (clears nothing; errors stay until the next save). `options.separate`: the edit
   * is one undo step of its own (`model/history.ts` `record`).
   */
  edit: (update: (template: FlowTemplate) => FlowTemplate, options?: RecordOptions) => void;
  select: (stepId: string) => void;
  /**
   * Marks `saved` (the server's copy of `sent`) as the new baseline; it replaces the draft unless the draft
   * was edited while the save was in flight.
   */
  markSaved: (saved: FlowTemplate, sent: FlowTemplate) => void;
  /** Shows `errors` (located in `template`) as the problems of the last save, or of the last publish attempt. */
  setErrors: (errors: FieldError[], template: FlowTemplate, kind?: SaveErrors['kind']) => void;
  /** There is an edit to undo / an undone edit to redo (`model/history.ts`). */
  canUndo: boolean;
  canRedo: boolean;
  /** Undoes the last edit step (edits less than 600 ms apart are one step). */
  undo: () => void;
  /** Redoes the last undone step. */
  redo: () => void;
  /**
   * Undoes the last step only while the draft is still `expected` (the template an edit made; the same content
   * counts too, as the autosave replaces the draft by the server's copy): a toast's 'Undo' never takes back a later
   * edit instead.
   */
  undoIfCurrent: (expected: FlowTemplate) => void;
  /**
   * Makes `run` the handler of command `id` until the returned function is called (the last registered wins).
   * `run` answers whether it did something (the key is then taken: `preventDefault`).
   */
  registerCommand: (id: ShortcutId, run: () => boolean) => () => void;
  /** Runs command `id`'s handler; `false` when none is registered or it did nothing. */
  runCommand: (id: ShortcutId) => boolean;
}

const EditorContext = createContext<EditorState | null>(null);

export function EditorProvider({ publicIdentifier, initial, children }: { publicIdentifier: string; initial: FlowTemplate; children: ReactNode }) {
  const [history, setHistory] = useState(() => startHistory(initial));
  const draft = history.present;
  const [baseline, setBaseline] = useState(() => JSON.stringify(initial));
  const [selected, setSelected] = useState(initial.firstStep);
  const [saveErrors, setSaveErrors] = useState<SaveErrors>(NO_SAVE_ERRORS);

  const edit = useCallback(
    (update: (template: FlowTemplate) => FlowTemplate, options?: RecordOptions) =>
      setHistory((current) => record(current, update(current.present), Date.now(), options)),
    [],
  );
  const undoEdit = useCallback(() => setHistory(undo), []);
  const undoIfCurrent = useCallback(
    (expected: FlowTemplate) =>
      setHistory((current) =>
        current.present === expected || JSON.stringify(current.present) === JSON.stringify(expected) ? undo(current) : current,
      ),
    [],
  );
  const commands = useRef(new Map<ShortcutId, () => boolean>());
  const registerCommand = useCallback((id: ShortcutId, run: () => boolean) => {
    commands.current.set(id, run);
    return () => {
      if (commands.current.get(id) === run) commands.current.delete(id);
    };
  }, []);
  const runCommand = useCallback((id: ShortcutId) => commands.current.get(id)?.() ?? false, []);
  const redoEdit = useCallback(() => setHistory(redo), []);
  const markSaved = useCallback((saved: FlowTemplate, sent: FlowTemplate) => {
    setHistory((current) => (current.present === sent ? replacePresent(current, saved) : current));
    setBaseline(JSON.stringify(saved));
    setSaveErrors(NO_SAVE_ERRORS);
  }, []);
  const setErrors = useCallback(
    (errors: FieldError[], template: FlowTemplate, kind: SaveErrors['kind'] = 'save') => setSaveErrors(locateErrors(errors, template, kind)),
    [],
  );

  const isDirty = useMemo(() => JSON.stringify(draft) !== baseline, [draft, baseline]);
  const selectedStepId = Object.prototype.hasOwnProperty.call(draft.steps, selected) ? selected : draft.firstStep;

  const value = useMemo<EditorState>(
    () => ({
      publicIdentifier,
      draft,
      isDirty,
      selectedStepId,
      saveErrors,
      edit,
      select: setSelected,
      markSaved,
      setErrors,
      canUndo: history.past.length > 0,
      canRedo: history.future.length > 0,
      undo: undoEdit,
      redo: redoEdit,
      undoIfCurrent,
      registerCommand,
      runCommand,
    }),
    [publicIdentifier, draft, isDirty, selectedStepId, saveErrors, edit, markSaved, setErrors, history, undoEdit, redoEdit, undoIfCurrent, registerCommand, runCommand],
  );
  return <EditorContext.Provider value={value}>{children}</EditorContext.Provider>;
}

export function useEditor(): EditorState {
  const state = useContext(EditorContext);
  if (!state) throw new Error('useEditor must be used inside <EditorProvider>');
  return state;
}

/**
 * Registers `run` as the handler of command `id` while the calling component is mounted (`EditorState.registerCommand`).
 * The latest `run` is called each time, so it may read the component's current props and state.
 */
export function useEditorCommand(id: ShortcutId, run: () => boolean): void {
  const { registerCommand } = useEditor();
  const latest = useRef(run);
  useEffect(() => {
    latest.current = run;
  });
  useEffect(() => registerCommand(id, () => latest.current()), [registerCommand, id]);
}
