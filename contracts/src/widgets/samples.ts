/**
 * A form with one question of EVERY registered widget type, built from each type module's `sample`, with a
 * valid answer to each and the text each answer reads as. Tests use it to prove every type end to end (a
 * type added to the registry is covered without touching them); demos may use it too.
 */
import type { FlowTemplate, Widget } from '../entities/flow-template';
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

/** The sample answers by widget id, as a respondent sends them (valid for {@link everyWidgetTemplate}). */
export function everyWidgetAnswers(): Record<string, unknown> {
  return Object.fromEntries(
    WIDGET_DEFINITIONS.map((definition) => [sampleWidgetId(definition.type), structuredClone(definition.sample.answer)]),
  );
}

/** The text each sample answer reads as (`displayAnswer` of its normalized value), by widget id. */
export function everyWidgetDisplay(): Record<string, string> {
  return Object.fromEntries(WIDGET_DEFINITIONS.map((definition) => [sampleWidgetId(definition.type), definition.sample.display]));
}
