/**
 * What a widget (question) type module of the web app gives (`web/src/widgets/<type>.tsx`): the respondent's
 * renderer and, where the type has settings, the editor's settings panel. The registry
 * (`web/src/widgets/registry.ts`) lists one per type of `@formloom/contracts/widgets/registry`.
 */
import type { ComponentType } from 'react';
import type { Widget } from '@formloom/contracts/entities/flow-template';
import type { WidgetType } from '@formloom/contracts/widgets/registry';

/** The widget of type `T`. */
export type WidgetOf<T extends WidgetType> = Extract<Widget, { type: T }>;

/**
 * Props of a respondent's renderer. The value follows the answer rules (contracts `widgets/<type>.ts`): the
 * renderer hands `onChange` what the respondent entered (typed strings for text and numbers, option ids,
 * booleans, `YYYY-MM-DD`, 1..5); `validateAnswers` normalizes it.
 */
export interface WidgetFieldProps<W extends Widget> {
  widget: W;
  /** The current answer (`undefined` before the respondent touched it). */
  value: unknown;
  /** The message to show under the question; marks the input invalid. */
  error?: string;
  onChange: (value: unknown) => void;
  /** The id of the question's input (`q-<widgetId>`): labels, descriptions and errors derive their ids from it. */
  inputId: string;
}

/** Props of a type's settings panel on the editor's question card. */
export interface WidgetSettingsProps<W extends Widget> {
  widget: W;
  /** Replaces the question by the edited one (a method, so a panel for any widget fits every type's slot). */
  onChange(widget: W): void;
  /** Adds a choice 'Option N' whose id is unique across the whole template (choice types). */
  onAddOption: () => void;
}

/** A type's web module. */
export interface WebWidget<W extends Widget> {
  /** The respondent's renderer: labelled, keyboard-usable, Mantine. */
  Field: ComponentType<WidgetFieldProps<W>>;
  /** The type's own settings on the question card (placeholder, options, min/max…); none when it has none. */
  Settings?: ComponentType<WidgetSettingsProps<W>>;
}
