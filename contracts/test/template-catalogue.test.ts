/**
 * The built-in template catalogue (`templates/catalogue.ts`, spec 000 §2 "template", §3 "Cloneable template"):
 * every template can be saved and published as it is, the gallery has enough templates and categories, the
 * spec's popular slugs exist, and the quizzes score.
 */
import type { FlowTemplate, Widget } from '../src/entities/flow-template';
import { takesAnswer } from '../src/answers/registry';
import { computeCalculations } from '../src/rules/calculations';
import { validateFlowTemplate } from '../src/rules/flow-template';
import { publishProblems } from '../src/rules/publish-checks';
import { scoredOptions, scoreQuiz } from '../src/rules/quiz';
import { kebabCase } from '../src/rules/slug';
import { formWidgets } from '../src/rules/steps';
import { FEATURED_THEME_IDS } from '../src/rules/themes';
import { itemListsOf } from '../src/widgets/shared/options';
import { findCatalogueTemplate, POPULAR_TEMPLATE_SLUGS, TEMPLATE_CATALOGUE } from '../src/templates/catalogue';
import { TEMPLATE_CATEGORIES, templateCategoryLabel } from '../src/templates/categories';

const bySlug = TEMPLATE_CATALOGUE.map((entry) => [entry.slug, entry] as const);

/** The questions of a template (widgets that take an answer), in page order. */
function questionsOf(template: FlowTemplate): Widget[] {
  return formWidgets(template)
    .map(({ widget }) => widget)
    .filter((widget) => takesAnswer(widget));
}

/** A perfect answer set of a quiz: each scored question's correct options (one id, or the list for several). */
function perfectAnswers(questions: readonly Widget[]): Record<string, unknown> {
  const answers: Record<string, unknown> = {};
  for (const question of questions) {
    const options = scoredOptions(question);
    if (!options) continue;
    if (question.type === 'Checkboxes' || question.type === 'MultiSelect') {
      answers[question.id] = options.filter((option) => option.points > 0).map((option) => option.id);
    } else {
      const best = Math.max(...options.map((option) => option.points));
      answers[question.id] = options.find((option) => option.points === best)?.id;
    }
  }
  return answers;
}

describe('the template catalogue', () => {
  it('has at least 40 templates in at least 8 categories, each category used by at least two', () => {
    expect(TEMPLATE_CATALOGUE.length).toBeGreaterThanOrEqual(40);
    const counts = new Map<string, number>();
    for (const entry of TEMPLATE_CATALOGUE) for (const category of entry.categories) counts.set(category, (counts.get(category) ?? 0) + 1);
    expect(counts.size).toBeGreaterThanOrEqual(8);
    expect(TEMPLATE_CATEGORIES.filter(({ id }) => (counts.get(id) ?? 0) < 2).map(({ id }) => id)).toEqual([]);
  });

  it('names only known categories, with unique ids and labels', () => {
    const ids = TEMPLATE_CATEGORIES.map((category) => category.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(new Set(TEMPLATE_CATEGORIES.map((category) => category.label)).size).toBe(ids.length);
    for (const entry of TEMPLATE_CATALOGUE) {
      expect(entry.categories.length).toBeGreaterThan(0);
      for (const category of entry.categories) expect(ids).toContain(category);
    }
    expect(templateCategoryLabel('registration')).toBe('Registration & RSVP');
  });

  it('has unique kebab-case slugs, including the spec’s popular ones', () => {
    const slugs = TEMPLATE_CATALOGUE.map((entry) => entry.slug);
    expect(new Set(slugs).size).toBe(slugs.length);
    for (const slug of slugs) expect(kebabCase(slug)).toBe(slug);
    for (const slug of ['rsvp-form', 'newsletter-signup', 'job-application', 'wedding-rsvp', ...POPULAR_TEMPLATE_SLUGS]) {
      expect(slugs).toContain(slug);
    }
  });

  it('features about a dozen templates, each with a featured theme', () => {
    const featured = TEMPLATE_CATALOGUE.filter((entry) => entry.isFeatured);
    expect(featured.length).toBeGreaterThanOrEqual(10);
    expect(featured.length).toBeLessThanOrEqual(14);
    for (const entry of TEMPLATE_CATALOGUE) expect(FEATURED_THEME_IDS).toContain(entry.featuredThemeId);
  });

  it('gives every template a name and a one-sentence description', () => {
    for (const entry of TEMPLATE_CATALOGUE) {
      expect(entry.name.trim()).not.toBe('');
      expect(entry.description).toMatch(/^[A-Z].*\.$/);
      expect(entry.description.split(/[.!?]\s/)).toHaveLength(1);
    }
  });

  it.each(bySlug)('%s saves and publishes as it is', (_slug, entry) => {
    const result = validateFlowTemplate(entry.template);
    expect(result.ok ? [] : result.errors).toEqual([]);
    expect(publishProblems(entry.template)).toEqual([]);
  });

  it.each(bySlug)('%s has at least two pages, an ending and four questions', (_slug, { template }) => {
    const steps = Object.values(template.steps);
    expect(steps.filter((step) => step.type === 'form').length).toBeGreaterThanOrEqual(2);
    expect(steps.filter((step) => step.type === 'ending')).toHaveLength(1);
    expect(questionsOf(template).length).toBeGreaterThanOrEqual(4);
    expect(questionsOf(template).some((widget) => widget.template.required)).toBe(true);
    for (const step of steps) {
      if (step.type === 'ending') expect([step.id, step.template.title.trim() !== '', step.template.body.trim() !== '']).toEqual(['ending', true, true]);
      else expect(step.id).toMatch(/^page\d+$/);
    }
  });

  it.each(bySlug)('%s keeps every id unique across the template, as the editor does', (_slug, { template }) => {
    const ids: string[] = [...Object.keys(template.steps), ...(template.calculations ?? []).map((calculation) => calculation.id)];
    for (const { widget } of formWidgets(template)) {
      ids.push(widget.id);
      for (const [, items] of itemListsOf(widget.template)) ids.push(...items.map((item) => item.id));
    }
    expect(ids.filter((id, index) => ids.indexOf(id) !== index)).toEqual([]);
  });

  it('has no two templates asking the same questions', () => {
    const seen = new Map<string, string>();
    for (const entry of TEMPLATE_CATALOGUE) {
      const labels = questionsOf(entry.template)
        .map((widget) => widget.template.label)
        .join('\n');
      expect([entry.slug, seen.get(labels)]).toEqual([entry.slug, undefined]);
      seen.set(labels, entry.slug);
    }
  });

  it('marks quizzes as quizzes, and only those score', () => {
    for (const entry of TEMPLATE_CATALOGUE) {
      const scored = questionsOf(entry.template).filter((widget) => scoredOptions(widget) !== null);
      if (entry.type === 'quiz') {
        expect(entry.template.quizzes).toEqual({ enabled: true, showScore: true, showAnswers: true });
        expect(entry.categories).toContain('quiz');
        expect(scored.length).toBeGreaterThanOrEqual(4);
      } else {
        expect([entry.slug, entry.template.quizzes?.enabled ?? false, scored.length]).toEqual([entry.slug, false, 0]);
      }
    }
  });

  it.each(TEMPLATE_CATALOGUE.filter((entry) => entry.type === 'quiz').map((entry) => [entry.slug, entry] as const))(
    '%s gives full marks for the right answers and none for no answers',
    (_slug, { template }) => {
      const questions = questionsOf(template);
      const perfect = scoreQuiz(questions, perfectAnswers(questions));
      expect(perfect.maxScore).toBeGreaterThanOrEqual(4);
      expect(perfect.score).toBe(perfect.maxScore);
      expect(perfect.questions.every((question) => question.correct)).toBe(true);
      expect(scoreQuiz(questions, {}).score).toBe(0);
    },
  );

  it('totals the product order form: quantities times prices, plus express delivery', () => {
    const template = findCatalogueTemplate('order-form')?.template ?? { calculations: [] };
    const answers = { qtyBeans: 2, qtyMug: 1, delivery: 'delivery-express-9-next-day' };
    expect(computeCalculations(template, { answers }).total).toBe(2 * 14 + 18 + 9);
    expect(computeCalculations(template, { answers: { qtyDripper: 1, delivery: 'delivery-pick-up-in-store-free' } }).total).toBe(26);
  });

  it('opens a template by slug as a copy the caller may change', () => {
    const first = findCatalogueTemplate('wedding-rsvp');
    expect(first?.name).toBe('Wedding RSVP');
    if (first) first.template.firstStep = 'changed';
    expect(findCatalogueTemplate('wedding-rsvp')?.template.firstStep).toBe('page1');
    expect(findCatalogueTemplate('no-such-template')).toBeUndefined();
  });
});
