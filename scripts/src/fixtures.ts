/**
 * Test and load fixtures shared by the system tests (`scripts/system-test`) and the local load test
 * (`load-tests/local`): the form both publish.
 */
import type { FlowTemplate } from '@formloom/contracts/entities/flow-template';

/** A one-page form: `w1` a required name (ShortAnswer), `w2` a required email (EmailInput), then the ending. */
export const NAME_EMAIL_FORM_TEMPLATE: FlowTemplate = {
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
