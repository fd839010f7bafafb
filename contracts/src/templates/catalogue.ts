/**
 * The built-in template catalogue: the templates Formloom's new-form dialog offers in its gallery (spec 000 §2
 * "template": a search box, 'Most popular' then the categories, featured templates, a preview and 'Use this
 * template'; a template may be opened directly by slug). Each entry carries what spec 000 §3 "Cloneable template"
 * lists that is known before anything is saved (slug, name, description, categories, isFeatured, type) plus the
 * flow template itself and the featured theme it is shown with; the saved ids (`id`, `flowId`,
 * `flowPublicIdentifier`) and the page thumbnails belong to the service that stores them.
 *
 * Pure data, ZOD-FREE AT RUNTIME (`contracts/test/zod-free.test.ts`): the web app may bundle it. Checked by
 * `contracts/test/template-catalogue.test.ts` (every template valid and publishable, quizzes scoring, …).
 */
import type { FlowTemplate } from '../entities/flow-template';
import type { FeaturedThemeId } from '../rules/themes';
import type { TemplateCategoryId } from './categories';
import { CONTACT_AND_LEAD_TEMPLATES } from './forms/contact-leads';
import { EVENT_TEMPLATES } from './forms/events';
import { FEEDBACK_AND_SURVEY_TEMPLATES } from './forms/feedback';
import { HR_TEMPLATES } from './forms/hr';
import { ORDER_AND_BOOKING_TEMPLATES } from './forms/orders-bookings';
import { QUIZ_TEMPLATES } from './forms/quizzes';
import { SERVICE_TEMPLATES } from './forms/services';
import { SUPPORT_TEMPLATES } from './forms/support';

/**
 * A template of the catalogue (spec 000 §3 "Cloneable template", the parts fixed before saving):
 * - `slug`: kebab case, unique in the catalogue; the gallery opens a template by it;
 * - `name`, the gallery's title, and `description`, one sentence under it;
 * - `categories`: the gallery categories it is listed in (`categories.ts`), at least one;
 * - `isFeatured`: shown in the gallery's featured grid;
 * - `featuredThemeId`: the featured theme (`rules/themes.ts` `FEATURED_THEME_IDS`) the preview and the new form
 *   use;
 * - `type`: `'quiz'` for a scored quiz (its template's `quizzes.enabled` is on), `'form'` otherwise;
 * - `template`: the form itself, a complete {@link FlowTemplate} (pages `page1`, `page2`, … then `ending`).
 *   Shared: copy it (`structuredClone`, or {@link findCatalogueTemplate}) before changing it.
 */
export interface CatalogueTemplate {
  slug: string;
  name: string;
  description: string;
  categories: readonly TemplateCategoryId[];
  isFeatured: boolean;
  featuredThemeId: FeaturedThemeId;
  type: 'form' | 'quiz';
  template: FlowTemplate;
}

/** Every built-in template, grouped as the files under `templates/forms/` hold them. */
export const TEMPLATE_CATALOGUE: readonly CatalogueTemplate[] = [
  ...CONTACT_AND_LEAD_TEMPLATES,
  ...EVENT_TEMPLATES,
  ...FEEDBACK_AND_SURVEY_TEMPLATES,
  ...HR_TEMPLATES,
  ...ORDER_AND_BOOKING_TEMPLATES,
  ...QUIZ_TEMPLATES,
  ...SERVICE_TEMPLATES,
  ...SUPPORT_TEMPLATES,
];

/** The gallery's 'Most popular' slugs (kept in `categories.ts`, which the web app bundles without the catalogue). */
export { POPULAR_TEMPLATE_SLUGS } from './categories';

/**
 * The template with `slug` (a template opened directly by slug, spec 000 §2), as a deep copy the caller may change;
 * `undefined` when the catalogue has none.
 */
export function findCatalogueTemplate(slug: string): CatalogueTemplate | undefined {
  const found = TEMPLATE_CATALOGUE.find((entry) => entry.slug === slug);
  return found ? structuredClone(found) : undefined;
}
