/**
 * The template gallery's catalogue (spec 001 §2 "Template gallery and creation dialog"): its five categories in
 * order, and per template its category and outline — the trigger type and the step types in order, what the creation
 * dialog previews before the engine generates the template against the form (`services/workflows-engine` test
 * `gallery-catalogue.test.ts` holds each outline to the generated template). Titles are `copy.galleryTitles`,
 * descriptions `copy.workflowGallery.descriptions`. Pure and zod-free.
 */
import type { NodeType, TriggerType } from '../../entities/workflow';
import { AGENT_DATA_REGION } from '../../limits';
import type { WorkflowGalleryTemplate } from '../../workflow-templates';

/** spec 001 §2: the gallery's categories, in order. */
export const GALLERY_CATEGORIES = ['notifications', 'approvals', 'scheduling', 'conversionKit', 'ai'] as const;
/** A gallery category id; its name is `copy.workflowGallery.categories[id]`. */
export type GalleryCategory = (typeof GALLERY_CATEGORIES)[number];

/** A gallery template as the gallery shows it. */
export interface GalleryTemplateEntry {
  id: WorkflowGalleryTemplate;
  category: GalleryCategory;
  /** The trigger's type. */
  trigger: TriggerType;
  /** The step types from the trigger on, in order (the first path through the workflow). */
  steps: readonly NodeType[];
}

/** Every gallery template (all 13 of spec 001 §2), by category in {@link GALLERY_CATEGORIES} order. */
export const GALLERY_CATALOGUE: readonly GalleryTemplateEntry[] = [
  { id: 'thank_you_email', category: 'notifications', trigger: 'formSubmission', steps: ['email'] },
  { id: 'email_with_delay', category: 'notifications', trigger: 'formSubmission', steps: ['delay', 'email'] },
  { id: 'email_with_filter', category: 'notifications', trigger: 'formSubmission', steps: ['filter', 'email'] },
  { id: 'approve_or_reject', category: 'approvals', trigger: 'formSubmission', steps: ['approval'] },
  { id: 'assign_task', category: 'approvals', trigger: 'formSubmission', steps: ['approval'] },
  { id: 'scheduling_reminder_email_host', category: 'scheduling', trigger: 'beforeEventStarts', steps: ['email'] },
  { id: 'scheduling_reminder_slack_host', category: 'scheduling', trigger: 'beforeEventStarts', steps: ['slack'] },
  { id: 'scheduling_reminder_email_invitee', category: 'scheduling', trigger: 'beforeEventStarts', steps: ['email'] },
  { id: 'email_form_abandonment', category: 'conversionKit', trigger: 'formAbandoned', steps: ['email'] },
  { id: 'slack_message_form_abandonment', category: 'conversionKit', trigger: 'formAbandoned', steps: ['slack'] },
  { id: 'summarize_submission_and_email', category: 'ai', trigger: 'formSubmission', steps: ['ai', 'email'] },
  { id: 'classify_and_route', category: 'ai', trigger: 'formSubmission', steps: ['ai', 'email'] },
  { id: 'ai_thank_you_email', category: 'ai', trigger: 'formSubmission', steps: ['ai', 'email'] },
];

/** The category of gallery template `id`. */
export function galleryCategoryOf(id: WorkflowGalleryTemplate): GalleryCategory {
  return GALLERY_CATALOGUE.find((entry) => entry.id === id)?.category ?? 'notifications';
}

/** The templates of `category`, in catalogue order. */
export function galleryTemplatesOf(category: GalleryCategory): GalleryTemplateEntry[] {
  return GALLERY_CATALOGUE.filter((entry) => entry.category === category);
}

/**
 * The categories an organization sees (spec 001 §2 "The AI category is hidden for the 'EU_AGENT' data region"):
 * every one, without `ai` when `dataRegion` is `AGENT_DATA_REGION`.
 */
export function visibleGalleryCategories(dataRegion: string | null | undefined): GalleryCategory[] {
  return GALLERY_CATEGORIES.filter((category) => category !== 'ai' || dataRegion !== AGENT_DATA_REGION);
}
