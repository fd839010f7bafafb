/**
 * The `formSubmission` trigger (spec 001 §3 template `{flowPublicIdentifier}`, §4 "formSubmission … always
 * complete"): a workflow that runs once per submission of its form. The engine queues its runs from
 * `form.submitted` (`services/workflows-engine/src/consumers.ts`); the web's card is
 * `web/src/features/workflows/nodes/form-submission.tsx`.
 */
import { z } from 'zod';
import * as copy from '../../copy';
import { defineTrigger } from '../define';

/** spec 001 §3: the formSubmission trigger template. */
export const FormSubmissionTriggerTemplate = z.object({ flowPublicIdentifier: z.string().min(1) });
/** A formSubmission trigger template. */
export type FormSubmissionTriggerTemplate = z.infer<typeof FormSubmissionTriggerTemplate>;

/**
 * The formSubmission trigger: always complete (spec 001 §4), described as `copy.workflows.formSubmittedDescription`;
 * its default template names the workflow's form.
 */
export const formSubmissionTrigger = defineTrigger({
  type: 'formSubmission',
  schema: FormSubmissionTriggerTemplate,
  defaultTemplate: ({ flowPublicIdentifier }): FormSubmissionTriggerTemplate => ({ flowPublicIdentifier }),
  rules: () => [],
  describe: () => copy.workflows.formSubmittedDescription,
});
