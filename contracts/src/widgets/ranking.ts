/** Ranking: the respondent puts the question's options in order, first = ranked highest. */
import { rankingRules } from '../answers/ranking';
import { defineWidget } from './define-widget';
import { choiceWidgetParts } from './shared/options';

/**
 * The Ranking widget type: settings `options` (unique ids), like a choice question's; the answer is every
 * option id exactly once, in the respondent's order (`copy.answers.invalidOption`, `duplicateOption`,
 * `rankingIncomplete` otherwise); its text numbers their labels in order: '1. Price, 2. Support, 3. Docs'.
 */
export const ranking = defineWidget({
  ...rankingRules,
  ...choiceWidgetParts(),
  editor: { name: 'Ranking', defaultLabel: 'Rank these in order of importance', hint: 'Put options in order' },
  sample: {
    settings: { options: [{ id: 'docs', label: 'Documentation' }, { id: 'support', label: 'Support' }, { id: 'price', label: 'Price' }] },
    answer: ['price', 'docs', 'support'],
    display: '1. Price, 2. Documentation, 3. Support',
  },
});
