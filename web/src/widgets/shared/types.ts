/**
 * What the editor's settings of a question type take (`web/src/widgets/`): the question and a way to replace it.
 * The settings registry (`web/src/widgets/registry.ts`) lists one entry per type of
 * `@formloom/contracts/widgets/registry`; the respondent's renderers live apart (`web/src/respondent/fields/`).
 */
import type { ComponentType } from 'react';
import type { Widget } from '@formloom/contracts/entities/flow-template';
import type { WidgetType } from '@formloom/contracts/widgets/registry';
import type { ItemList } from '@formloom/contracts/widgets/shared/options';

/** The widget of type `T`. */
export type WidgetOf<T extends WidgetType> = Extract<Widget, { type: T }>;

/** Props of a type's settings panel on the editor's question card. */
export interface WidgetSettingsProps<W extends Widget> {
  widget: W;
  /** Replaces the question by the edited one (a method, so a panel for any widget fits every type's slot). */
  onChange(widget: W): void;
  /**
   * Adds an item to one of the question's lists, with an id unique across the whole template: a choice 'Option N'
   * (`options`, the default: choice types and Ranking), a Matrix's 'Row N' (`rows`) or 'Column N' (`columns`).
   */
  onAddOption: (list?: ItemList) => void;
  /**
   * The form is a quiz (`template.quizzes.enabled`, `rules/quiz.ts`): the choices of a question that can be scored
   * show their points. Absent or `false`: hidden (the points stay in the template).
   */
  quiz?: boolean;
}

/** A type's own settings on the question card (placeholder, options, min/max…): Mantine, editor only. */
export type WidgetSettings<W extends Widget> = ComponentType<WidgetSettingsProps<W>>;
