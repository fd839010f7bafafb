/**
 * Every user-facing text of the product specification, quoted verbatim, in one catalogue.
 *
 * Source: `shared/spec/000_*.txt` (spec 000) and `shared/spec/001_*.txt` (spec 001). `{product}` in the
 * spec is written as {@link PRODUCT_NAME}. Texts the spec does not give (it says "not shown") are ours and
 * are marked `ours`. Functions build the texts that carry a value.
 *
 * Each area is its own module (`copy/<area>.ts`) re-exported here; import the module as a namespace (`import * as copy from '@formloom/contracts/copy'`,
 * then `copy.flows.goHome`), so a bundle carries only the areas its code reads: the public form's bundle
 * (docs/architecture.md "The public form's bundle") holds `answers`, `uploads` and a few `flows` texts, not the
 * editor's, the workflows' or the sign-up pages'.
 */

/** The product's own name, written where the spec says `{product}`. */
export const PRODUCT_NAME = 'Formloom';

export { flows } from './copy/flows';
export { editor } from './copy/editor';
export { publicForm } from './copy/public-form';
export { answers } from './copy/answers';
export { conditions } from './copy/conditions';
export { uploads } from './copy/uploads';
export { quiz } from './copy/quiz';
export { results } from './copy/results';
export { questions } from './copy/questions';
export { defaultNames } from './copy/default-names';
export { auth } from './copy/auth';
export { roles } from './copy/roles';
export { settings } from './copy/settings';
export { members, organizations } from './copy/members';
export { domains } from './copy/domains';
export { workflows } from './copy/workflows';
export { workflowTriggers } from './copy/workflow-triggers';
export { workflowRuns } from './copy/workflow-runs';
export { galleryTitles } from './copy/gallery-titles';
export { galleryEmails } from './copy/gallery-emails';
export { workflowGallery } from './copy/workflow-gallery';
export { email } from './copy/email';
export { emailEditor } from './copy/email-editor';
export { toasts } from './copy/toasts';
export { errors } from './copy/errors';
export { validation } from './copy/validation';
export { webhooks } from './copy/webhooks';
export { customColumns } from './copy/custom-columns';
export { approval } from './copy/approval';
export { workflowSteps } from './copy/workflow-steps';
export { ai } from './copy/ai';
export { integrationNodes } from './copy/integration-nodes';
export { integrations } from './copy/integrations';
export { webhookNode } from './copy/webhook-node';
export { codeNode } from './copy/code-node';
export { home } from './copy/home';
export { newFlow } from './copy/new-flow';
export { billing } from './copy/billing';
export { themes } from './copy/themes';
export { templates } from './copy/templates';
