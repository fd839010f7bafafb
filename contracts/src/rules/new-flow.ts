/**
 * The new-flow dialog's stage machine (spec 000 §2 "New-flow dialog", §4 "New-flow stage machine"): its product
 * tabs, its stages with each one's modal size and section, and the widths of the sizes. Pure data and functions,
 * shared by the web app's dialog and its route (`/home/forms[/{slug}]/new/{stage}/{theme}/{serviceType}/{serviceId}`).
 */

/** spec 000 §2: the product tabs, in order, by their section ids. */
export const NEW_FLOW_PRODUCTS = ['forms', 'scheduling', 'payments', 'pdf', 'workflows'] as const;
/** One of {@link NEW_FLOW_PRODUCTS}: also a stage's section. */
export type NewFlowProduct = (typeof NEW_FLOW_PRODUCTS)[number];

/** spec 000 §2: the dialog's modal sizes. */
export type NewFlowModalSize = 'mlg' | 'md' | 'sm' | 'lg';

/**
 * The width of each modal size in CSS px. spec 000 §2: "Modal widths are 1100 or 1200 px" (`mlg` and `lg`, the
 * stages with a gallery or cards); `md` and `sm` (ours) are the narrower stages of one form.
 */
export const NEW_FLOW_MODAL_WIDTHS: Readonly<Record<NewFlowModalSize, number>> = { lg: 1200, mlg: 1100, md: 720, sm: 520 };

/**
 * spec 000 §2: every stage with its modal size and section (the sizes per stage are ours: the spec names the
 * sizes, not which stage has which).
 */
export const NEW_FLOW_STAGES = {
  blank: { size: 'sm', section: 'forms' },
  choose: { size: 'mlg', section: 'forms' },
  import: { size: 'md', section: 'forms' },
  migrate_typeform: { size: 'md', section: 'forms' },
  migrate_jotform: { size: 'md', section: 'forms' },
  migrate_survey_monkey: { size: 'md', section: 'forms' },
  connect: { size: 'md', section: 'forms' },
  authenticate: { size: 'sm', section: 'forms' },
  integration: { size: 'md', section: 'forms' },
  integration_configure: { size: 'md', section: 'forms' },
  configure: { size: 'md', section: 'forms' },
  scheduling: { size: 'lg', section: 'scheduling' },
  quiz: { size: 'sm', section: 'forms' },
  payments: { size: 'lg', section: 'payments' },
  beta: { size: 'md', section: 'forms' },
  choose_theme: { size: 'lg', section: 'forms' },
  template: { size: 'lg', section: 'forms' },
  workflows: { size: 'lg', section: 'workflows' },
  pdf: { size: 'md', section: 'pdf' },
} as const satisfies Record<string, { size: NewFlowModalSize; section: NewFlowProduct }>;

/** A stage of the new-flow dialog (spec 000 §2). */
export type NewFlowStage = keyof typeof NEW_FLOW_STAGES;

/** Whether `value` (a URL segment) names a stage. */
export function isNewFlowStage(value: string | undefined): value is NewFlowStage {
  return value !== undefined && Object.hasOwn(NEW_FLOW_STAGES, value);
}

/**
 * The stage a product tab opens (spec 000 §2: "The Form tab goes to the 'choose' stage"; each other product opens
 * its own stage, named as its section except `forms`).
 */
export function firstStageOf(product: NewFlowProduct): NewFlowStage {
  return product === 'forms' ? 'choose' : product;
}
