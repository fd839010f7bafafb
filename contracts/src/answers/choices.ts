/**
 * The answer rules of the choice types (docs/product-rules.md §2): MultipleChoice and Dropdown take one option
 * id, Checkboxes a list of distinct option ids; their text is the chosen options' labels. Zod-free
 * (`answers/define.ts`).
 */
import { checkOneOption, checkSomeOptions, choiceAnswerRules } from './shared/options';

/** MultipleChoice: one option id (`copy.answers.invalidOption` otherwise); its text is that option's label. */
export const multipleChoiceRules = choiceAnswerRules('MultipleChoice', checkOneOption);

/** Dropdown: one option id (`copy.answers.invalidOption` otherwise); its text is that option's label. */
export const dropdownRules = choiceAnswerRules('Dropdown', checkOneOption);

/**
 * Checkboxes: a non-empty list of distinct option ids (`invalidOption`, `duplicateOption` otherwise); its text
 * is their labels joined with ', '.
 */
export const checkboxesRules = choiceAnswerRules('Checkboxes', checkSomeOptions, true);
