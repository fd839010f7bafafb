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
