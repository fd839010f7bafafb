/**
 * A form with one question of EVERY registered widget type, built from each type module's `sample`, with a
 * valid answer to each and the text each answer reads as. Tests use it to prove every type end to end (a
 * type added to the registry is covered without touching them); demos may use it too.
 */
import type { FlowTemplate, Widget } from '../entities/flow-template';
import { answerFiles, displayAnswer } from '../answers/registry';
import { mapUploadReferences, type UploadReference } from '../answers/shared/uploads';
import { WIDGET_DEFINITIONS } from './registry';

/** Step ids of {@link everyWidgetTemplate}: one page, then the ending. */
export const EVERY_WIDGET_STEP_IDS = { page: 'every', ending: 'end' } as const;

/** The sample question's id for a type: the type name in lower case (`ShortAnswer` → `shortanswer`). */
export function sampleWidgetId(type: string): string {
  return type.toLowerCase();
}

/**
 * The sample questions, in registry order: id {@link sampleWidgetId}, name and label the type's visible
 * name, optional, with the sample's settings.
 */
export function everyWidget(): Widget[] {
  return WIDGET_DEFINITIONS.map(
    (definition) =>
      ({
        id: sampleWidgetId(definition.type),
        name: definition.editor.name,
        type: definition.type,
        template: { label: definition.editor.name, required: false, ...structuredClone(definition.sample.settings) },
      }) as Widget,
  );
}

/** A new one-page template (page `every`, then ending `end`) holding {@link everyWidget}. */
export function everyWidgetTemplate(): FlowTemplate {
  const { page, ending } = EVERY_WIDGET_STEP_IDS;
  return {
    firstStep: page,
    steps: {
      [page]: { id: page, name: 'Every question type', type: 'form', template: { widgets: everyWidget() }, nextStep: { defaultNextStep: ending } },
      [ending]: { id: ending, name: 'Thank you', type: 'ending', template: { title: 'Thanks!', body: 'Bye' }, nextStep: null },
    },
  };
}

/** The definitions of the types that take an answer (not a Statement), in registry order. */
function answeringDefinitions() {
  return WIDGET_DEFINITIONS.filter((definition) => definition.takesAnswer);
}

/**
 * The sample answers by widget id, as a respondent sends them (valid for {@link everyWidgetTemplate}); questions
 * that take no answer (a Statement) have none.
 */
export function everyWidgetAnswers(): Record<string, unknown> {
  return Object.fromEntries(
    answeringDefinitions().map((definition) => [sampleWidgetId(definition.type), structuredClone(definition.sample.answer)]),
  );
}

/**
 * The text each sample answer reads as (`displayAnswer` of its normalized value), by widget id, in registry order:
 * the submission questions of {@link everyWidgetTemplate} (a Statement is none).
 */
export function everyWidgetDisplay(): Record<string, string> {
  return Object.fromEntries(answeringDefinitions().map((definition) => [sampleWidgetId(definition.type), definition.sample.display]));
}

/** First bytes of the sample files' types (PNG's signature, PDF's header), so a server's type check takes them. */
const SAMPLE_FILE_HEADS: Readonly<Record<string, readonly number[]>> = {
  'image/png': [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a],
  'application/pdf': [...'%PDF-1.7\n'].map((char) => char.charCodeAt(0)),
};

/**
 * The files the sample answers name (FileUpload, Signature: `answerFiles`), each with bytes of its size and type:
 * a service checks that an answer's files were uploaded for that form and question, so a test uploads these first
 * and submits {@link withUploadedFiles} of the sample answers.
 */
export function everyWidgetFiles(): Array<{ widgetId: string; file: UploadReference; content: Uint8Array }> {
  const answers = everyWidgetAnswers();
  return everyWidget().flatMap((widget) =>
    answerFiles(answers[widget.id], widget).map((file) => {
      const content = new Uint8Array(file.size).fill(0x20);
      content.set((SAMPLE_FILE_HEADS[file.contentType] ?? []).slice(0, file.size));
      return { widgetId: widget.id, file, content };
    }),
  );
}

/** `answers` with each file reference whose id `uploaded` maps (sample id → uploaded reference) replaced. */
export function withUploadedFiles(answers: Record<string, unknown>, uploaded: ReadonlyMap<string, UploadReference>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(answers).map(([id, value]) => [id, mapUploadReferences(value, (file) => uploaded.get(file.id) ?? file)]),
  );
}

/**
 * {@link everyWidgetDisplay} as a service shows `answers` (the sample answers with uploaded files,
 * {@link withUploadedFiles}): each file question's text with its files' links (`fileUrl`), the others' as sampled.
 */
export function everyWidgetDisplayWithLinks(answers: Record<string, unknown>, fileUrl: (file: UploadReference) => string): Record<string, string> {
  const widgets = new Map(everyWidget().map((widget) => [widget.id, widget]));
  return Object.fromEntries(
    Object.entries(everyWidgetDisplay()).map(([id, text]) => {
      const widget = widgets.get(id);
      return [id, widget && answerFiles(answers[id], widget).length > 0 ? displayAnswer(answers[id], widget, { fileUrl }) : text];
    }),
  );
}
