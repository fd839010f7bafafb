/**
 * Page thumbnails of the template catalogue as rules (`rules/template-thumbnails.ts`; spec 000 §3 "Cloneable
 * template" `pageImages`, thumbnail sizes small 440x275, medium 660x413, large 1000x625): the sizes, the image
 * addresses, the steps drawn in page order, and the hash that marks committed thumbnails stale.
 */
import type { FlowTemplate } from '../src/entities/flow-template';
import { blankFlowTemplate } from '../src/rules/flow-template';
import {
  TEMPLATE_THUMBNAIL_SIZES,
  TEMPLATE_THUMBNAILS_PATH,
  templateThumbnailHash,
  templateThumbnailLook,
  templateThumbnailSteps,
  templateThumbnailUrl,
} from '../src/rules/template-thumbnails';
import { FEATURED_THEMES, themeLook } from '../src/rules/themes';
import { findCatalogueTemplate, TEMPLATE_CATALOGUE, type CatalogueTemplate } from '../src/templates/catalogue';

/** A catalogue template by slug (a deep copy the test may change). */
function catalogueTemplate(slug: string): CatalogueTemplate {
  const entry = findCatalogueTemplate(slug);
  if (!entry) throw new Error(`no catalogue template ${slug}`);
  return entry;
}

/** `value` with the keys of every object in reverse order (same JSON value, other key order). */
function reversedKeys<T>(value: T): T {
  if (Array.isArray(value)) return value.map(reversedKeys) as T;
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).reverse().map(([key, item]) => [key, reversedKeys(item)])) as T;
  }
  return value;
}

describe('template thumbnail sizes and addresses', () => {
  it('has the spec’s three sizes, all of one 16:10 desktop view', () => {
    expect(TEMPLATE_THUMBNAIL_SIZES).toEqual({
      small: { width: 440, height: 275 },
      medium: { width: 660, height: 413 },
      large: { width: 1000, height: 625 },
    });
  });

  it('addresses an image as /template-thumbnails/{slug}/{stepId}-{size}.jpg', () => {
    expect(TEMPLATE_THUMBNAILS_PATH).toBe('/template-thumbnails');
    expect(templateThumbnailUrl('contact-form', 'page1', 'small')).toBe('/template-thumbnails/contact-form/page1-small.jpg');
    expect(templateThumbnailUrl('rsvp-form', 'ending', 'large')).toBe('/template-thumbnails/rsvp-form/ending-large.jpg');
  });

  it('encodes a step id that is not URL-safe', () => {
    expect(templateThumbnailUrl('contact-form', 'page 1/b', 'medium')).toBe('/template-thumbnails/contact-form/page%201%2Fb-medium.jpg');
  });
});

describe('templateThumbnailSteps', () => {
  it('lists a blank form’s page then its ending, with their names', () => {
    expect(templateThumbnailSteps(blankFlowTemplate())).toEqual([
      { stepId: 'page1', stepName: 'Page 1' },
      { stepId: 'ending', stepName: 'Thank you' },
    ]);
  });

  it('follows firstStep and each page’s next step, not the record’s key order, and keeps unreached steps last', () => {
    const blank = blankFlowTemplate();
    const page = blank.steps.page1!;
    const ending = blank.steps.ending!;
    if (page.type !== 'form') throw new Error('the blank template starts with a form page');
    const template: FlowTemplate = {
      firstStep: 'intro',
      steps: {
        ending,
        details: { ...page, id: 'details', name: 'Details', nextStep: { defaultNextStep: 'ending' } },
        orphan: { ...page, id: 'orphan', name: 'Unreached', nextStep: { defaultNextStep: 'ending' } },
        intro: { ...page, id: 'intro', name: 'Intro', nextStep: { defaultNextStep: 'details' } },
      },
    };
    expect(templateThumbnailSteps(template)).toEqual([
      { stepId: 'intro', stepName: 'Intro' },
      { stepId: 'details', stepName: 'Details' },
      { stepId: 'ending', stepName: 'Thank you' },
      { stepId: 'orphan', stepName: 'Unreached' },
    ]);
  });

  it('draws every step of every catalogue template once, the ending included', () => {
    for (const entry of TEMPLATE_CATALOGUE) {
      const ids = templateThumbnailSteps(entry.template).map((step) => step.stepId);
      expect(new Set(ids).size).toBe(ids.length);
      expect([...ids].sort()).toEqual(Object.keys(entry.template.steps).sort());
      expect(ids[0]).toBe(entry.template.firstStep);
      expect(ids).toContain('ending');
      // Catalogue slugs and step ids are file names as they are (the images are files under web/public).
      for (const id of [entry.slug, ...ids]) expect(encodeURIComponent(id)).toBe(id);
    }
  });
});

describe('templateThumbnailHash', () => {
  const entry = catalogueTemplate('contact-form');

  it('is 16 hex digits, the same for the same template whatever its key order', () => {
    const hash = templateThumbnailHash(entry);
    expect(hash).toMatch(/^[0-9a-f]{16}$/);
    expect(templateThumbnailHash(catalogueTemplate('contact-form'))).toBe(hash);
    expect(templateThumbnailHash(reversedKeys(entry))).toBe(hash);
  });

  it('changes with anything the thumbnails show: a label, the name, the theme', () => {
    const hash = templateThumbnailHash(entry);
    const relabelled = structuredClone(entry);
    const firstPage = relabelled.template.steps[relabelled.template.firstStep]!;
    if (firstPage.type !== 'form') throw new Error('contact-form starts with a form page');
    firstPage.template.widgets[0]!.template.label += '!';
    expect(templateThumbnailHash(relabelled)).not.toBe(hash);
    expect(templateThumbnailHash({ ...entry, name: `${entry.name} 2` })).not.toBe(hash);
    expect(templateThumbnailHash({ ...entry, featuredThemeId: entry.featuredThemeId === 'dark' ? 'plain' : 'dark' })).not.toBe(hash);
  });

  it('does not change with what the thumbnails do not show (the description, the categories)', () => {
    expect(templateThumbnailHash({ ...entry, description: 'Another sentence.', categories: [] })).toBe(templateThumbnailHash(entry));
  });

  it('differs between every two catalogue templates', () => {
    const hashes = TEMPLATE_CATALOGUE.map(templateThumbnailHash);
    expect(new Set(hashes).size).toBe(hashes.length);
  });

  it('draws with the featured theme’s look', () => {
    expect(templateThumbnailLook(entry)).toEqual(themeLook(FEATURED_THEMES[entry.featuredThemeId]));
  });
});
