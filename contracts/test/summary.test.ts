/**
 * The Results' summary rules (`rules/summary.ts`): which summary each question type gets, the Net Promoter Score,
 * round buckets of free numbers and their labels, percentages.
 */
import type { Widget } from '../src/entities/flow-template';
import { NPS_DETRACTOR_MAX, NPS_PROMOTER_MIN, SUMMARY_NUMBER_BUCKETS_MAX } from '../src/limits';
import {
  bucketLabel,
  netPromoterScore,
  niceStep,
  numberBuckets,
  percentOf,
  sliderPositions,
  summaryNumberText,
  summaryShapeOf,
  type NumberBucket,
} from '../src/rules/summary';
import { everyWidget } from '../src/widgets/samples';
import { WIDGET_TYPES } from '../src/widgets/registry';

/** A question of `type` with `settings`. */
function widget(type: Widget['type'], settings: Record<string, unknown> = {}): Widget {
  return { id: 'q', name: 'Q', type, template: { label: 'Q', required: false, ...settings } } as Widget;
}

describe('summaryShapeOf', () => {
  it('gives every registered type a summary, and none only to a question that takes no answer', () => {
    const kinds = Object.fromEntries(everyWidget().map((w) => [w.type, summaryShapeOf(w).kind]));
    expect(Object.keys(kinds).sort()).toEqual([...WIDGET_TYPES].sort());
    expect(kinds).toEqual({
      ShortAnswer: 'texts',
      LongAnswer: 'texts',
      EmailInput: 'texts',
      NumberInput: 'numbers',
      CurrencyInput: 'numbers',
      PhoneNumber: 'texts',
      URLInput: 'texts',
      Address: 'answered',
      MultipleChoice: 'choices',
      Dropdown: 'choices',
      Checkboxes: 'choices',
      MultiSelect: 'choices',
      ImageChoice: 'choices',
      Checkbox: 'choices',
      Ranking: 'answered',
      Matrix: 'matrix',
      DatePicker: 'dates',
      TimePicker: 'dates',
      DateTimePicker: 'dates',
      StarRating: 'scale',
      OpinionScale: 'scale',
      Slider: 'scale',
      FileUpload: 'answered',
      Signature: 'answered',
      Statement: 'none',
    });
  });

  it('counts choices by option id in the question’s order; lists for Checkboxes, MultiSelect and a multiple ImageChoice', () => {
    const options = [{ id: 'b', label: 'Bee' }, { id: 'a', label: 'Ant' }];
    expect(summaryShapeOf(widget('Dropdown', { options }))).toEqual({
      kind: 'choices',
      multiple: false,
      options: [{ id: 'b', value: 'b', label: 'Bee' }, { id: 'a', value: 'a', label: 'Ant' }],
    });
    expect(summaryShapeOf(widget('Checkboxes', { options }))).toMatchObject({ multiple: true });
    expect(summaryShapeOf(widget('ImageChoice', { options }))).toMatchObject({ multiple: false });
    expect(summaryShapeOf(widget('ImageChoice', { options, multiple: true }))).toMatchObject({ multiple: true });
  });

  it('counts a Checkbox’s answers as Yes (true) and No (false)', () => {
    expect(summaryShapeOf(widget('Checkbox'))).toEqual({
      kind: 'choices',
      multiple: false,
      options: [{ id: 'yes', value: true, label: 'Yes' }, { id: 'no', value: false, label: 'No' }],
    });
  });

  it('draws stars and opinion scales per value; only a 0–10 opinion scale has a Net Promoter Score', () => {
    expect(summaryShapeOf(widget('StarRating'))).toEqual({ kind: 'scale', values: [1, 2, 3, 4, 5], nps: false });
    expect(summaryShapeOf(widget('StarRating', { max: 10 }))).toMatchObject({ values: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10] });
    expect(summaryShapeOf(widget('OpinionScale'))).toEqual({ kind: 'scale', values: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10], nps: true });
    expect(summaryShapeOf(widget('OpinionScale', { start: 1, end: 10 }))).toMatchObject({ nps: false });
    expect(summaryShapeOf(widget('OpinionScale', { start: 0, end: 5 }))).toEqual({ kind: 'scale', values: [0, 1, 2, 3, 4, 5], nps: false });
  });

  it('draws a short slider per position and a long one in buckets', () => {
    expect(sliderPositions({ min: 0, max: 1, step: 0.1 })).toEqual([0, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1]);
    expect(summaryShapeOf(widget('Slider', { min: 0, max: 100, step: 10 }))).toMatchObject({ kind: 'scale', values: [0, 10, 20, 30, 40, 50, 60, 70, 80, 90, 100] });
    expect(summaryShapeOf(widget('Slider'))).toEqual({ kind: 'numbers' });
    expect(sliderPositions({ min: 0, max: 100, step: 5 })).toBeNull();
  });
});

describe('netPromoterScore', () => {
  it(`counts ${NPS_PROMOTER_MIN}–10 as promoters and 0–${NPS_DETRACTOR_MAX} as detractors, the score in whole percent`, () => {
    const counts = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10].map((value) => ({ value, count: 1 }));
    // 2 promoters, 2 passives, 7 detractors of 11: round(100 × −5 / 11) = −45.
    expect(netPromoterScore(counts)).toEqual({ score: -45, promoters: 2, passives: 2, detractors: 7 });
    expect(netPromoterScore([{ value: 10, count: 3 }])).toEqual({ score: 100, promoters: 3, passives: 0, detractors: 0 });
    expect(netPromoterScore([{ value: 0, count: 1 }])).toMatchObject({ score: -100 });
    expect(netPromoterScore([{ value: 8, count: 2 }])).toEqual({ score: 0, promoters: 0, passives: 2, detractors: 0 });
    expect(Object.is(netPromoterScore([{ value: 9, count: 1 }, { value: 1, count: 1 }, { value: 7, count: 198 }])?.score, 0)).toBe(true);
  });

  it('is null without answers', () => {
    expect(netPromoterScore([])).toBeNull();
    expect(netPromoterScore([{ value: 9, count: 0 }])).toBeNull();
  });
});

describe('numberBuckets', () => {
  /** Each bucket as 'from-to' with ']' when `to` is included. */
  const ranges = (buckets: NumberBucket[]) => buckets.map(({ from, to, toIncluded }) => `${from}-${to}${toIncluded ? ']' : ')'}`);

  it('makes round buckets that hold every answer, at most the limit', () => {
    expect(ranges(numberBuckets(1, 40, { integers: true }))).toEqual(['0-5)', '5-10)', '10-15)', '15-20)', '20-25)', '25-30)', '30-35)', '35-40)', '40-45)']);
    // 0 to 100: ten buckets of 10, the last one holding 100.
    expect(ranges(numberBuckets(0, 100, { integers: true }))).toEqual(['0-10)', '10-20)', '20-30)', '30-40)', '40-50)', '50-60)', '60-70)', '70-80)', '80-90)', '90-100]']);
    // Few whole numbers: a bucket each.
    expect(ranges(numberBuckets(1, 7, { integers: true }))).toEqual(['1-2)', '2-3)', '3-4)', '4-5)', '5-6)', '6-7)', '7-8)']);
    expect(ranges(numberBuckets(0.5, 3.7, { integers: false }))).toEqual(['0.5-1)', '1-1.5)', '1.5-2)', '2-2.5)', '2.5-3)', '3-3.5)', '3.5-4]']);
    expect(ranges(numberBuckets(0.1, 0.3, { integers: false }))).toEqual(['0.1-0.12)', '0.12-0.14)', '0.14-0.16)', '0.16-0.18)', '0.18-0.2)', '0.2-0.22)', '0.22-0.24)', '0.24-0.26)', '0.26-0.28)', '0.28-0.3]']);
    expect(ranges(numberBuckets(-25, 1_000_000, { integers: true }))).toEqual(['-200000-0)', '0-200000)', '200000-400000)', '400000-600000)', '600000-800000)', '800000-1000000)', '1000000-1200000)']);
  });

  it('holds every number of random ranges in at most the limit of buckets, each number in exactly one', () => {
    for (let round = 0; round < 300; round++) {
      const integers = round % 2 === 0;
      const scale = 10 ** ((round % 9) - 3);
      const a = Math.random() * 2000 * scale - 1000 * scale;
      const b = a + Math.random() * 500 * scale;
      const [min, max] = integers ? [Math.floor(a), Math.ceil(b)] : [a, b];
      const buckets = numberBuckets(min, max, { integers });
      expect(buckets.length).toBeGreaterThan(0);
      expect(buckets.length).toBeLessThanOrEqual(SUMMARY_NUMBER_BUCKETS_MAX);
      for (const value of [min, max, (min + max) / 2]) {
        const holding = buckets.filter((bucket, index) => value >= bucket.from && (value < bucket.to || (index === buckets.length - 1 && bucket.toIncluded && value <= bucket.to)));
        expect(holding).toHaveLength(1);
      }
    }
  });

  it('gives one bucket when every answer is the same, and none for bounds out of order', () => {
    expect(numberBuckets(3, 3, { integers: true })).toEqual([{ from: 3, to: 3, toIncluded: true }]);
    expect(numberBuckets(4, 3, { integers: true })).toEqual([]);
    expect(numberBuckets(Number.NaN, 3, { integers: false })).toEqual([]);
  });

  it('picks widths of 1, 2 or 5 times a power of ten, whole for whole numbers', () => {
    expect([niceStep(39, 10, true), niceStep(3, 10, true), niceStep(0.2, 10, false), niceStep(999, 10, false)]).toEqual([5, 1, 0.02, 100]);
  });
});

describe('texts of numbers', () => {
  const seats = widget('NumberInput');
  const budget = widget('CurrencyInput', { currency: 'JPY' });

  it('labels a bucket by the whole numbers it holds, or by its bounds', () => {
    expect(bucketLabel({ from: 10, to: 20, toIncluded: false }, seats, true)).toBe('10–19');
    expect(bucketLabel({ from: 90, to: 100, toIncluded: true }, seats, true)).toBe('90–100');
    expect(bucketLabel({ from: 7, to: 8, toIncluded: false }, seats, true)).toBe('7');
    expect(bucketLabel({ from: 3, to: 3, toIncluded: true }, seats, false)).toBe('3');
    expect(bucketLabel({ from: 0.5, to: 1, toIncluded: false }, seats, false)).toBe('0.5–1');
    expect(bucketLabel({ from: 1000, to: 2000, toIncluded: false }, budget, true)).toBe('JPY 1,000–JPY 1,999');
  });

  it('rounds to 2 decimals and writes the question’s unit or currency', () => {
    expect(summaryNumberText(11 / 3, seats)).toBe('3.67');
    expect(summaryNumberText(25.5, widget('Slider', { unit: 'km' }))).toBe('25.5 km');
    expect(summaryNumberText(100.256, widget('CurrencyInput'))).toBe('USD 100.26');
  });

  it('gives whole percentages, 0 of nothing', () => {
    expect([percentOf(1, 3), percentOf(2, 3), percentOf(1, 200), percentOf(0, 0), percentOf(5, 5)]).toEqual([33, 67, 1, 0, 100]);
  });
});
