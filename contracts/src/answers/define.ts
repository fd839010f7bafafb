/**
 * The answer rules of a widget (question) type: how a respondent's answer is checked and normalized, and how a
 * stored answer reads as text. One module per type (`answers/<type>.ts`, made with {@link defineAnswerRules}),
 * listed by `answers/registry.ts`; the type's full definition (`widgets/<type>.ts`: template schema, editor
 * copy, sample) spreads them in. See docs/architecture.md "Widget registry".
 *
 * ZOD-FREE AT RUNTIME, like everything under `answers/`: the public form runs these checks in the browser and
 * its bundle has no room for zod (docs/architecture.md "The public form's bundle"; `contracts/test/zod-free.test.ts`
 * fails when a runtime import reaches zod). Type-only imports are fine. Pure; runs in the browser and the services.
 */

import type { UploadPolicy, UploadReference } from './shared/uploads';

/**
 * One answer's outcome: `{ok: true, value}` with the normalized value (`undefined`: no answer, leave it out)
 * or `{ok: false, message}` with a `copy.answers` text.
 */
export type AnswerCheck = { ok: true; value: unknown } | { ok: false; message: string };

/** An accepted answer with its normalized `value`. */
export function pass(value: unknown): AnswerCheck {
  return { ok: true, value };
}

/** A refused answer with its `copy.answers` `message`. */
export function fail(message: string): AnswerCheck {
  return { ok: false, message };
}

/**
 * True for a value that counts as "not answered": `undefined`, `null`, a string that is empty or only
 * whitespace, or an empty array. `false` and `0` are answers.
 */
export function isEmptyAnswer(value: unknown): boolean {
  if (value === undefined || value === null) return true;
  if (typeof value === 'string') return value.trim() === '';
  return Array.isArray(value) && value.length === 0;
}

/**
 * The answer rules of type `T` whose questions have templates of type `Template` (at least the fields the rules
 * read; `widgets/<type>.ts` gives the full template).
 */
export interface AnswerRules<T extends string, Template> {
  /** The type name (Fillout's, e.g. `ShortAnswer`). */
  type: T;
  /**
   * `false` for a type that takes no answer (a Statement: text the respondent reads). Such a question is never
   * required, never checked, never stored (`validateAnswers` drops any value sent for it), never a results or
   * export column and never the subject of a condition. Omitted: `true`.
   */
  takesAnswer?: boolean;
  /**
   * `true` for a type whose questions may have a default answer (`template.defaultValue`, `rules/defaults.ts`): a
   * fixed answer or the value of a hidden field, pre-filled for the respondent (and the answer of a hidden question).
   * Omitted: the type takes no default (files, a signature, a ranking …).
   */
  takesDefault?: boolean;
  /**
   * How a text — a hidden field's value, from the form's link — reads as an answer of this type, before
   * `checkAnswer` judges it (a choice's label as its id, 'yes' as `true`). Omitted: the text itself.
   */
  fromText?(text: string, template: Template): unknown;
  /**
   * Checks a NON-empty answer ({@link isEmptyAnswer} answers never reach it) against the question's template:
   * the normalized value to store, or a `copy.answers` message. Never throws.
   */
  checkAnswer(value: unknown, template: Template): AnswerCheck;
  /**
   * The text a person reads for a NON-empty, normalized answer (option labels, 'Yes'/'No', 'March 5, 2026'…).
   * Must accept any value (older records, hand-made events) and never throw. `options.fileUrl` (the flows
   * service's, for results, exports and emails) makes a link of each file an answer refers to.
   */
  displayAnswer(value: unknown, widget: { template: Template }, options?: DisplayOptions): string;
  /**
   * The uploaded files a normalized answer refers to (FileUpload, Signature; `answers/shared/uploads.ts`): the
   * flows service checks each was uploaded for this form and question and is no other response's, and links them.
   * Omitted: the type's answers hold no files.
   */
  files?(value: unknown): UploadReference[];
  /**
   * What the question takes as uploads (extensions, the largest file in bytes, how many files): the public upload
   * call refuses other files. Omitted: the type takes no uploads.
   */
  uploadPolicy?(template: Template): UploadPolicy;
}

/** Options of `displayAnswer`: `fileUrl` gives the link of an uploaded file (absolute, for exports and emails). */
export interface DisplayOptions {
  fileUrl?: (file: UploadReference) => string;
}

/** Defines a type's answer rules (returns them as given, typed); list them in `answers/registry.ts`. */
export function defineAnswerRules<const T extends string, Template = Record<string, unknown>>(
  rules: AnswerRules<T, Template>,
): AnswerRules<T, Template> {
  return rules;
}
