/** Forms the editor's tests start from. */
import type { FlowTemplate } from '@formloom/contracts/entities/flow-template';

/**
 * Three pages: 'About you' (Email `email`, Plan `plan` Free/Pro, a rule: Pro → 'Extras'), 'Company' (Company
 * `company`, shown when Plan is not Free, its label piping the plan) and 'Extras' (Notes `notes`), then the ending.
 */
export function threePages(): FlowTemplate {
  return {
    firstStep: 'p1',
    steps: {
      p1: {
        id: 'p1',
        name: 'About you',
        type: 'form',
        template: {
          widgets: [
            { id: 'email', name: 'Email', type: 'EmailInput', template: { label: 'Your email', required: true } },
            { id: 'plan', name: 'Plan', type: 'MultipleChoice', template: { label: 'Plan', required: false, options: [{ id: 'free', label: 'Free' }, { id: 'pro', label: 'Pro' }] } },
          ],
        },
        nextStep: { defaultNextStep: 'p2', rules: [{ condition: { and: [{ equals: [{ var: 'answers.plan' }, 'pro'] }] }, nextStep: 'p3' }] },
      },
      p2: {
        id: 'p2',
        name: 'Company',
        type: 'form',
        template: {
          widgets: [
            {
              id: 'company',
              name: 'Company',
              type: 'ShortAnswer',
              template: { label: 'Company on {{answers.plan}}', required: false, placeholder: 'Acme', visibleIf: { and: [{ notEquals: [{ var: 'answers.plan' }, 'free'] }] } },
            },
          ],
        },
        nextStep: { defaultNextStep: 'p3' },
      },
      p3: { id: 'p3', name: 'Extras', type: 'form', template: { widgets: [{ id: 'notes', name: 'Notes', type: 'LongAnswer', template: { label: 'Notes', required: false } }] }, nextStep: { defaultNextStep: 'end' } },
      end: { id: 'end', name: 'Thank you', type: 'ending', template: { title: 'Thanks!', body: '' }, nextStep: null },
    },
  };
}
