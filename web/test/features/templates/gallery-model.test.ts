/**
 * The template gallery's lists (src/features/templates/model/gallery.ts; spec 000 §2 "template"): 'Most popular'
 * first with the fixed popular slugs leading, then 'All templates', the organization's own, and the categories by
 * label with their counts; search across names, descriptions and category labels, accents and case ignored.
 */
import type { CloneableTemplate } from '@formloom/contracts/entities/cloneable-template';
import * as copy from '@formloom/contracts/copy';
import { galleryCategories, popularTemplates, searchTemplates, templatesOf } from '../../../src/features/templates/model/gallery';

let next = 0;
function template(slug: string, patch: Partial<CloneableTemplate> = {}): CloneableTemplate {
  next += 1;
  return {
    id: `0190a3c5-0000-7000-8000-${String(next).padStart(12, '0')}`,
    slug,
    name: slug,
    description: '',
    categories: ['contact'],
    isFeatured: false,
    isPrivate: false,
    type: 'form',
    flowId: next,
    flowPublicIdentifier: `f${next}`,
    pageImages: [],
    source: 'catalogue',
    theme: null,
    questionCount: 3,
    viewCount: 0,
    cloneCount: 0,
    createdAt: '2026-11-01T00:00:00.000Z',
    ...patch,
  };
}

const templates = [
  template('contact-form', { isFeatured: true }),
  template('cafe-order', { name: 'Café order', categories: ['order'], isFeatured: true }),
  template('wedding-rsvp', { categories: ['registration'], description: 'Guests, meals and plus-ones' }),
  template('rsvp-form', { categories: ['registration'] }),
  template('team-intake', { categories: ['hr'], source: 'organization', isPrivate: true }),
];

it("puts the popular slugs first, in the spec's order, then the other featured templates", () => {
  expect(popularTemplates(templates).map((entry) => entry.slug)).toEqual(['rsvp-form', 'wedding-rsvp', 'contact-form', 'cafe-order']);
});

it("lists 'Most popular', 'All templates', the organization's own, then used categories by label with counts", () => {
  expect(galleryCategories(templates).map(({ label, count }) => [label, count])).toEqual([
    [copy.templates.mostPopular, 4],
    [copy.templates.allTemplates, 5],
    [copy.templates.organization, 1],
    ['Contact', 1],
    ['HR & recruiting', 1],
    ['Order forms', 1],
    ['Registration & RSVP', 2],
  ]);
  expect(galleryCategories(templates.filter((entry) => entry.source === 'catalogue')).map(({ section }) => section)).not.toContain('organization');
  expect(templatesOf(templates, 'registration').map((entry) => entry.slug)).toEqual(['wedding-rsvp', 'rsvp-form']);
  expect(templatesOf(templates, 'organization').map((entry) => entry.slug)).toEqual(['team-intake']);
});

it('searches names, descriptions and category labels, without regard to case or accents; every word must match', () => {
  expect(searchTemplates(templates, 'CAFE').map((entry) => entry.slug)).toEqual(['cafe-order']);
  expect(searchTemplates(templates, 'plus-ones').map((entry) => entry.slug)).toEqual(['wedding-rsvp']);
  expect(searchTemplates(templates, 'recruiting').map((entry) => entry.slug)).toEqual(['team-intake']);
  expect(searchTemplates(templates, 'rsvp guests').map((entry) => entry.slug)).toEqual(['wedding-rsvp']);
  expect(searchTemplates(templates, '   ')).toHaveLength(templates.length);
  expect(searchTemplates(templates, 'zebra')).toEqual([]);
});
