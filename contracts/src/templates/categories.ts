/**
 * The categories of the built-in template catalogue (spec 000 §2 "template": a category list, 'Most popular' then
 * the categories sorted by label, each with a count; spec 000 §3 "Cloneable template" `categories`). Ids and
 * labels are ours: the spec names neither. Zod-free.
 */

/** Every template category: a stable `id` (what a template's `categories` hold) and the gallery's `label`. */
export const TEMPLATE_CATEGORIES = [
  { id: 'contact', label: 'Contact' },
  { id: 'lead-generation', label: 'Lead generation' },
  { id: 'registration', label: 'Registration & RSVP' },
  { id: 'feedback', label: 'Feedback & NPS' },
  { id: 'hr', label: 'HR & recruiting' },
  { id: 'order', label: 'Order forms' },
  { id: 'quiz', label: 'Quizzes' },
  { id: 'survey', label: 'Surveys' },
  { id: 'education', label: 'Education' },
  { id: 'healthcare', label: 'Healthcare' },
  { id: 'real-estate', label: 'Real estate' },
  { id: 'nonprofit', label: 'Nonprofit & volunteering' },
  { id: 'booking', label: 'Bookings & appointments' },
  { id: 'customer-support', label: 'Customer support' },
] as const;

/** A template category's id (`'contact'`, `'quiz'`, …), one of {@link TEMPLATE_CATEGORIES}. */
export type TemplateCategoryId = (typeof TEMPLATE_CATEGORIES)[number]['id'];

/** The gallery label of category `id` ('Registration & RSVP' for `registration`). */
export function templateCategoryLabel(id: TemplateCategoryId): string {
  return TEMPLATE_CATEGORIES.find((category) => category.id === id)?.label ?? id;
}

/**
 * The gallery's 'Most popular' templates, in order (spec 000 §2 "template", §9: the popular slugs are a fixed list
 * of which it shows rsvp-form, newsletter-signup, job-application and wedding-rsvp). Slugs of `catalogue.ts`.
 */
export const POPULAR_TEMPLATE_SLUGS = ['rsvp-form', 'newsletter-signup', 'job-application', 'wedding-rsvp', 'contact-form', 'customer-feedback'] as const;
