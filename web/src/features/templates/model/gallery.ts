/**
 * The template gallery's lists (spec 000 §2 "template": a search box; the category list — 'Most popular', then the
 * categories sorted by label, each with a count; a grid of featured templates). Pure functions over the templates
 * `GET /admin/cloneableTemplates/all` answers.
 */
import type { CloneableTemplate } from '@formloom/contracts/entities/cloneable-template';
import { POPULAR_TEMPLATE_SLUGS, TEMPLATE_CATEGORIES, type TemplateCategoryId } from '@formloom/contracts/templates/categories';
import * as copy from '@formloom/contracts/copy';

/**
 * What the gallery lists: `popular` ('Most popular'), `all`, `organization` (the organization's own templates) or
 * a category's id.
 */
export type GallerySection = 'popular' | 'all' | 'organization' | TemplateCategoryId;

/** A category list entry: its section, label and number of templates. */
export interface GalleryCategory {
  section: GallerySection;
  label: string;
  count: number;
}

/**
 * 'Most popular': the spec's popular slugs first, in their order, then the other featured templates in catalogue
 * order (spec 000 §2, §9 "The popular template slugs list is fixed").
 */
export function popularTemplates(templates: readonly CloneableTemplate[]): CloneableTemplate[] {
  const popular: readonly string[] = POPULAR_TEMPLATE_SLUGS;
  const bySlug = new Map(templates.map((template) => [template.slug, template]));
  const first = popular.map((slug) => bySlug.get(slug)).filter((template): template is CloneableTemplate => template !== undefined);
  return [...first, ...templates.filter((template) => template.isFeatured && !popular.includes(template.slug))];
}

/**
 * The category list: 'Most popular' first, 'All templates', the organization's own when it has any, then every
 * category with at least one template, sorted by label, each with its count.
 */
export function galleryCategories(templates: readonly CloneableTemplate[]): GalleryCategory[] {
  const own = templates.filter((template) => template.source === 'organization').length;
  const categories = TEMPLATE_CATEGORIES.map(({ id, label }) => ({
    section: id as GallerySection,
    label,
    count: templates.filter((template) => template.categories.includes(id)).length,
  }))
    .filter((category) => category.count > 0)
    .sort((a, b) => a.label.localeCompare(b.label, 'en'));
  return [
    { section: 'popular', label: copy.templates.mostPopular, count: popularTemplates(templates).length },
    { section: 'all', label: copy.templates.allTemplates, count: templates.length },
    ...(own > 0 ? [{ section: 'organization' as const, label: copy.templates.organization, count: own }] : []),
    ...categories,
  ];
}

/** The templates of `section`, in their list order. */
export function templatesOf(templates: readonly CloneableTemplate[], section: GallerySection): CloneableTemplate[] {
  if (section === 'popular') return popularTemplates(templates);
  if (section === 'all') return [...templates];
  if (section === 'organization') return templates.filter((template) => template.source === 'organization');
  return templates.filter((template) => template.categories.includes(section));
}

/**
 * The templates matching `search` (case and accents ignored; every word must appear in the name, the description or
 * a category's label), across all sections, in list order. A blank search matches every template.
 */
export function searchTemplates(templates: readonly CloneableTemplate[], search: string): CloneableTemplate[] {
  const words = fold(search).split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...templates];
  return templates.filter((template) => {
    const text = fold(
      [template.name, template.description, ...template.categories.map((id) => TEMPLATE_CATEGORIES.find((category) => category.id === id)?.label ?? id)].join(' '),
    );
    return words.every((word) => text.includes(word));
  });
}

/** `text` in lower case without accents. */
function fold(text: string): string {
  return text.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase();
}
