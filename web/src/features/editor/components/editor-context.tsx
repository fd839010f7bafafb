/**
 * The editor's draft state, shared by the shell (Save, Publish, unsaved indicator) and the tabs: the template
 * being edited with its undo history, the last saved template (to tell unsaved changes), the selected page, and
 * the errors of the last save attempt. Lives above the tabs so switching tabs keeps unsaved edits.
 */
import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import type { FlowTemplate } from '@formloom/contracts/entities/flow-template';
import type { FieldError } from '@formloom/contracts/errors';
import { record, redo, replacePresent, startHistory, undo, type RecordOptions } from '../model/history';
import { locateErrors, NO_SAVE_ERRORS, type SaveErrors } from '../model/save-errors';

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
    }),
    [publicIdentifier, draft, isDirty, selectedStepId, saveErrors, edit, markSaved, setErrors, history, undoEdit, redoEdit],
  );
  return <EditorContext.Provider value={value}>{children}</EditorContext.Provider>;
}

export function useEditor(): EditorState {
  const state = useContext(EditorContext);
  if (!state) throw new Error('useEditor must be used inside <EditorProvider>');
  return state;
}
