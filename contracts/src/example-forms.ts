/**
 * The example form of docs/product-rules.md §2 (page `s1`: Name `w1` required, Email `w2` required, Plan `w3` a choice of Free `o1`
 * or Pro `o2`; then the ending `end`), as a valid {@link FlowTemplate}. The one copy used by the services' tests,
 * the system tests and the local load test (k6 runs plain JavaScript and keeps its own copy in
 * `load-tests/k6/main.js`). `contracts/test/example-forms.test.ts` checks it against the issue's JSON.
 */
import type { FlowTemplate } from './entities/flow-template';

/** Options of {@link exampleFormTemplate}. */
export interface ExampleFormOptions {
  /** Include the optional Plan question `w3` (default true); without it the form asks for a name and an email only. */
  withPlan?: boolean;
}

/** A new copy of the example form (callers may change it). */
export function exampleFormTemplate(options: ExampleFormOptions = {}): FlowTemplate {
  const { withPlan = true } = options;
  return {
    firstStep: 's1',
    steps: {
      s1: {
        id: 's1',
        name: 'Page 1',
        type: 'form',
        template: {
          widgets: [
            { id: 'w1', name: 'Name', type: 'ShortAnswer', template: { label: 'Your name', required: true } },
            { id: 'w2', name: 'Email', type: 'EmailInput', template: { label: 'Email', required: true } },
            ...(withPlan
              ? [
                  {
                    id: 'w3',
                    name: 'Plan',
                    type: 'MultipleChoice' as const,
                    template: { label: 'Plan', required: false, options: [{ id: 'o1', label: 'Free' }, { id: 'o2', label: 'Pro' }] },
                  },
                ]
              : []),
          ],
        },
        nextStep: { defaultNextStep: 'end' },
      },
      end: {
        id: 'end',
        name: 'Thank you',
        type: 'ending',
        template: { title: 'Thanks!', body: "We've received your submission." },
        nextStep: null,
      },
    },
  };
}

/**
 * The ids of {@link exampleSurveyTemplate}'s questions, pages and options, for the tests, the benchmark's seeding
 * (`load-tests/summary/`) and demos that answer it.
 */
export const EXAMPLE_SURVEY = {
  pages: { about: 'about', opinion: 'opinion', ending: 'end' },
  questions: {
    name: 'name',
    email: 'email',
    plan: 'plan',
    features: 'features',
    newsletter: 'newsletter',
    rating: 'rating',
    recommend: 'recommend',
    seats: 'seats',
    budget: 'budget',
    aspects: 'aspects',
    start: 'start',
    comments: 'comments',
  },
  plans: ['free', 'pro', 'team'],
  features: ['forms', 'workflows', 'payments', 'scheduling'],
  aspects: { rows: ['speed', 'price', 'support'], columns: ['poor', 'fair', 'good', 'great'] },
} as const;

/**
 * A customer survey of twelve questions on two pages, one of each kind the Results' summary draws
 * (`rules/summary.ts`): page `about` — Name (ShortAnswer), Email (EmailInput), Plan (MultipleChoice: Free, Pro,
 * Team), Features used (Checkboxes: Forms, Workflows, Payments, Scheduling), Newsletter (Checkbox); page `opinion` —
 * Rating (StarRating of 5), Recommend (OpinionScale 0–10, the Net Promoter Score question), Seats (NumberInput ≥ 1),
 * Budget (CurrencyInput in USD), Aspects (Matrix: Speed, Price, Support × Poor, Fair, Good, Great), Start date
 * (DatePicker), Comments (LongAnswer); then the ending `end`. Every question is optional. Ids in
 * {@link EXAMPLE_SURVEY}. A new copy.
 */
export function exampleSurveyTemplate(): FlowTemplate {
  const { pages, questions: q } = EXAMPLE_SURVEY;
  const items = (ids: readonly string[], labels: readonly string[]) => ids.map((id, index) => ({ id, label: labels[index] ?? id }));
  return {
    firstStep: pages.about,
    steps: {
      [pages.about]: {
        id: pages.about,
        name: 'About you',
        type: 'form',
        template: {
          widgets: [
            { id: q.name, name: 'Name', type: 'ShortAnswer', template: { label: 'Your name', required: false } },
            { id: q.email, name: 'Email', type: 'EmailInput', template: { label: 'Email', required: false } },
            { id: q.plan, name: 'Plan', type: 'MultipleChoice', template: { label: 'Which plan are you on?', required: false, options: items(EXAMPLE_SURVEY.plans, ['Free', 'Pro', 'Team']) } },
            {
              id: q.features,
              name: 'Features used',
              type: 'Checkboxes',
              template: { label: 'Which features do you use?', required: false, options: items(EXAMPLE_SURVEY.features, ['Forms', 'Workflows', 'Payments', 'Scheduling']) },
            },
            { id: q.newsletter, name: 'Newsletter', type: 'Checkbox', template: { label: 'Send me the newsletter', required: false } },
          ],
        },
        nextStep: { defaultNextStep: pages.opinion },
      },
      [pages.opinion]: {
        id: pages.opinion,
        name: 'Your opinion',
        type: 'form',
        template: {
          widgets: [
            { id: q.rating, name: 'Rating', type: 'StarRating', template: { label: 'How would you rate us?', required: false, max: 5 } },
            {
              id: q.recommend,
              name: 'Recommend',
              type: 'OpinionScale',
              template: { label: 'How likely are you to recommend us to a friend?', required: false, start: 0, end: 10, leftLabel: 'Not likely', rightLabel: 'Extremely likely' },
            },
            { id: q.seats, name: 'Seats', type: 'NumberInput', template: { label: 'How many people use it?', required: false, min: 1 } },
            { id: q.budget, name: 'Budget', type: 'CurrencyInput', template: { label: 'Monthly budget', required: false, currency: 'USD', min: 0 } },
            {
              id: q.aspects,
              name: 'Aspects',
              type: 'Matrix',
              template: {
                label: 'How do you find…',
                required: false,
                rows: items(EXAMPLE_SURVEY.aspects.rows, ['Speed', 'Price', 'Support']),
                columns: items(EXAMPLE_SURVEY.aspects.columns, ['Poor', 'Fair', 'Good', 'Great']),
              },
            },
            { id: q.start, name: 'Start date', type: 'DatePicker', template: { label: 'When did you start?', required: false } },
            { id: q.comments, name: 'Comments', type: 'LongAnswer', template: { label: 'Anything else?', required: false } },
          ],
        },
        nextStep: { defaultNextStep: pages.ending },
      },
      [pages.ending]: { id: pages.ending, name: 'Thank you', type: 'ending', template: { title: 'Thanks!', body: "We've received your submission." }, nextStep: null },
    },
  };
}
