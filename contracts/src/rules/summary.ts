/**
 * The Results' summary (`GET /admin/flows/:publicIdentifier/submissions/summary`, `api/flows/summary.ts`): which
 * summary each question type gets, and the pure arithmetic of the numbers it shows. The flows service turns each
 * question's {@link SummaryShape} into SQL aggregates over the stored answers; the web app draws what comes back.
 *
 * A new question type names its summary in {@link SUMMARY_SHAPES} (typed by `WidgetType`: a type without one does
 * not compile), like its answer kind in `rules/conditions.ts` `ANSWER_KINDS`. Nothing else names a type.
 *
 * ZOD-FREE AT RUNTIME (type-only imports of the schemas). Pure; never throws.
 */
import type { Widget } from '../entities/flow-template';
import type { WidgetType } from '../widgets/registry';
import { CHECKBOX_TEXT } from '../answers/checkbox';
import { scaleNumbers } from '../answers/opinion-scale';
import { roundTo } from '../answers/shared/number';
import type { OptionLike } from '../answers/shared/options';
import { onStep, sliderRange } from '../answers/slider';
import { starCount } from '../answers/star-rating';
import { displayAnswer } from '../answers/registry';
import { NPS_DETRACTOR_MAX, NPS_PROMOTER_MIN, SUMMARY_NUMBER_BUCKETS_MAX, SUMMARY_SCALE_VALUES_MAX } from '../limits';

/**
 * One bar of a choice question's summary: `id` (the option's id; 'yes' / 'no' for a Checkbox), the stored answer
 * `value` that counts for it (the option id, or `true` / `false`), and the `label` people read.
 */
export interface SummaryOption {
  id: string;
  value: string | boolean;
  label: string;
}

/**
 * How a question's answers are summarized:
 * - `choices`: a count per option, in the question's order (`multiple`: the answer is a list of options, so a
 *   response counts for each option it holds); answers holding an option the question no longer has are counted
 *   apart, as 'removed options';
 * - `matrix`: per row, a count per column;
 * - `scale`: a count per value of a short scale (`values`, first to last: stars, an opinion scale, a short
 *   slider), the average, minimum and maximum of those counts ({@link scaleStats}), and with `nps` (an opinion
 *   scale from 0 to 10) the Net Promoter Score;
 * - `numbers`: the average, minimum and maximum of free numbers, and their distribution in buckets
 *   ({@link numberBuckets});
 * - `texts`: the latest answers (`SUMMARY_LATEST_ANSWERS`);
 * - `dates`: the earliest and the latest answer (dates, times, dates with times: their stored forms sort in time
 *   order);
 * - `answered`: how many answered, nothing more (addresses, files, a signature, a ranking);
 * - `none`: no summary (a question that takes no answer, a Statement).
 * Every summary also counts the responses that answered the question.
 */
export type SummaryShape =
  | { kind: 'choices'; multiple: boolean; options: readonly SummaryOption[] }
  | { kind: 'matrix'; rows: readonly OptionLike[]; columns: readonly OptionLike[] }
  | { kind: 'scale'; values: readonly number[]; nps: boolean }
  | { kind: 'numbers' }
  | { kind: 'texts' }
  | { kind: 'dates' }
  | { kind: 'answered' }
  | { kind: 'none' };

/** A summary's kind (`choices`, `scale`, …). */
export type SummaryKind = SummaryShape['kind'];

/** The summary of a type, as a function of a question's template (its options, its scale). */
type ShapeOf<T extends WidgetType> = (template: Extract<Widget, { type: T }>['template']) => SummaryShape;

const texts = (): SummaryShape => ({ kind: 'texts' });
const numbers = (): SummaryShape => ({ kind: 'numbers' });
const dates = (): SummaryShape => ({ kind: 'dates' });
const answered = (): SummaryShape => ({ kind: 'answered' });

/** A choice summary of `options` (each option's id is the stored value). */
function choices(options: readonly OptionLike[], multiple: boolean): SummaryShape {
  return { kind: 'choices', multiple, options: options.map(({ id, label }) => ({ id, value: id, label })) };
}

/**
 * A Slider's positions, first to last, when it has at most `SUMMARY_SCALE_VALUES_MAX` of them (0–10 in steps of 1,
 * 0–100 in steps of 10); `null` for a longer slider (its answers are free numbers then).
 */
export function sliderPositions(template: Parameters<typeof sliderRange>[0]): number[] | null {
  const range = sliderRange(template);
  if (!(range.step > 0) || range.max < range.min) return null;
  const count = Math.floor((range.max - range.min) / range.step + 1e-9) + 1;
  if (count > SUMMARY_SCALE_VALUES_MAX) return null;
  return Array.from({ length: count }, (_, index) => onStep(range.min + index * range.step, range) ?? range.min + index * range.step);
}

/** Whether an opinion scale runs from 0 to 10: the Net Promoter Score's question. */
function isNpsScale(values: readonly number[]): boolean {
  return values.length === 11 && values[0] === 0 && values[10] === 10;
}

/**
 * The summary of every question type (see {@link SummaryShape}). Read it through {@link summaryShapeOf}.
 */
export const SUMMARY_SHAPES: { readonly [T in WidgetType]: ShapeOf<T> } = {
  ShortAnswer: texts,
  LongAnswer: texts,
  EmailInput: texts,
  PhoneNumber: texts,
  URLInput: texts,
  NumberInput: numbers,
  CurrencyInput: numbers,
  StarRating: (template) => ({ kind: 'scale', values: Array.from({ length: starCount(template) }, (_, index) => index + 1), nps: false }),
  OpinionScale: (template) => {
    const values = scaleNumbers(template);
    return { kind: 'scale', values, nps: isNpsScale(values) };
  },
  Slider: (template) => {
    const positions = sliderPositions(template);
    return positions ? { kind: 'scale', values: positions, nps: false } : { kind: 'numbers' };
  },
  MultipleChoice: (template) => choices(template.options, false),
  Dropdown: (template) => choices(template.options, false),
  Checkboxes: (template) => choices(template.options, true),
  MultiSelect: (template) => choices(template.options, true),
  ImageChoice: (template) => choices(template.options, template.multiple === true),
  Checkbox: () => ({
    kind: 'choices',
    multiple: false,
    options: [
      { id: 'yes', value: true, label: CHECKBOX_TEXT.checked },
      { id: 'no', value: false, label: CHECKBOX_TEXT.unchecked },
    ],
  }),
  Matrix: (template) => ({ kind: 'matrix', rows: template.rows, columns: template.columns }),
  Ranking: answered,
  DatePicker: dates,
  TimePicker: dates,
  DateTimePicker: dates,
  Address: answered,
  FileUpload: answered,
  Signature: answered,
  Statement: () => ({ kind: 'none' }),
};

/** The summary of `widget` ({@link SUMMARY_SHAPES}). */
export function summaryShapeOf(widget: Widget): SummaryShape {
  const shapeOf = SUMMARY_SHAPES[widget.type] as (template: Widget['template']) => SummaryShape;
  return shapeOf(widget.template);
}

/** `count` of `total` as a whole percentage (0–100, rounded half up); 0 when `total` is 0. */
export function percentOf(count: number, total: number): number {
  return total > 0 ? Math.round((count / total) * 100) : 0;
}

/**
 * The average, minimum and maximum of a scale's answers given as a count per value (values with no answers count
 * for nothing); `null` when nobody answered.
 */
export function scaleStats(counts: ReadonlyArray<{ value: number; count: number }>): { average: number; min: number; max: number } | null {
  const answered = counts.filter(({ count }) => count > 0);
  const total = answered.reduce((sum, { count }) => sum + count, 0);
  if (total === 0) return null;
  const values = answered.map(({ value }) => value);
  return { average: answered.reduce((sum, { value, count }) => sum + value * count, 0) / total, min: Math.min(...values), max: Math.max(...values) };
}

/** The three groups of a Net Promoter Score question and the score ({@link netPromoterScore}). */
export interface NetPromoterScore {
  /** Promoters' share minus detractors' share, in whole percent: −100 to 100. */
  score: number;
  /** Answers `NPS_PROMOTER_MIN` (9) or more. */
  promoters: number;
  /** Answers between the two groups (7 and 8). */
  passives: number;
  /** Answers `NPS_DETRACTOR_MAX` (6) or less. */
  detractors: number;
}

/**
 * The Net Promoter Score of a 0–10 scale's answers, given as a count per value: promoters answer 9–10, detractors
 * 0–6, passives 7–8 (`limits.ts` `NPS_PROMOTER_MIN`, `NPS_DETRACTOR_MAX`); the score is round(100 × (promoters −
 * detractors) / answers), −100 to 100. `null` when nobody answered.
 */
export function netPromoterScore(counts: ReadonlyArray<{ value: number; count: number }>): NetPromoterScore | null {
  let promoters = 0;
  let passives = 0;
  let detractors = 0;
  for (const { value, count } of counts) {
    if (value >= NPS_PROMOTER_MIN) promoters += count;
    else if (value <= NPS_DETRACTOR_MAX) detractors += count;
    else passives += count;
  }
  const total = promoters + passives + detractors;
  if (total === 0) return null;
  // Rounded on the whole-number scale; `+ 0` turns a rounded −0 into 0.
  return { score: Math.round(((promoters - detractors) / total) * 100) + 0, promoters, passives, detractors };
}

/** One bucket of a free number distribution: the numbers from `from` (included) to `to` (included with `toIncluded`). */
export interface NumberBucket {
  from: number;
  to: number;
  toIncluded: boolean;
}

/** The decimals a width of {@link niceStep} needs (`0.25` → 2, `0.1` → 1, `20` → 0). */
function stepDecimals(step: number): number {
  return step >= 1 ? 0 : Math.min(20, Math.ceil(-Math.log10(step)) + 1);
}

/** The next round width after `step` (1 → 2 → 5 → 10 → 20 …, 0.1 → 0.2 …). */
function nextStep(step: number): number {
  const power = 10 ** Math.floor(Math.log10(step) + 1e-9);
  const factor = Math.round(step / power);
  const next = factor < 2 ? 2 * power : factor < 5 ? 5 * power : 10 * power;
  return roundTo(next, stepDecimals(next));
}

/**
 * The smallest round width — 1, 2 or 5 times a power of ten (… 0.1, 0.2, 0.5, 1, 2, 5, 10, 20 …) — that covers
 * `span` (> 0) in at most `buckets` buckets; at least 1 when `integers`.
 */
export function niceStep(span: number, buckets: number, integers: boolean): number {
  const raw = span / Math.max(1, buckets);
  let step = roundTo(10 ** Math.floor(Math.log10(raw)), 20);
  while (step * buckets < span * (1 - 1e-12)) step = nextStep(step);
  return integers ? Math.max(1, step) : step;
}

/**
 * The buckets of a distribution of answers from `min` to `max`: at most `buckets` (`SUMMARY_NUMBER_BUCKETS_MAX`) of
 * one round width ({@link niceStep}; whole when every answer is a whole number, `integers`), the first starting at
 * `min` rounded down to a multiple of the width. Each holds `from` up to `to` excluded; the last one also holds its
 * `to` when that is what keeps the buckets within `buckets` (0 to 100 in ten: 0–10, …, 90–100 with 100 included),
 * and always for numbers that are not all whole. When every answer is the same: one bucket of that number. `[]` for
 * bounds that are not finite or out of order.
 */
export function numberBuckets(
  min: number,
  max: number,
  { integers, buckets = SUMMARY_NUMBER_BUCKETS_MAX }: { integers: boolean; buckets?: number },
): NumberBucket[] {
  if (!Number.isFinite(min) || !Number.isFinite(max) || max < min) return [];
  if (max === min) return [{ from: min, to: min, toIncluded: true }];
  let step = niceStep(max - min, buckets, integers);
  for (;;) {
    const decimals = stepDecimals(step);
    const start = roundTo(Math.floor(roundTo(min / step, 9)) * step, decimals);
    const steps = roundTo((max - start) / step, 9);
    // Whole numbers: a bucket per width while `max` fits below the last `to` (1 to 7 by 1: seven buckets).
    const open = integers ? Math.floor(steps) + 1 : Infinity;
    const closed = Math.max(1, Math.ceil(steps));
    const count = open <= buckets ? open : closed;
    if (count <= buckets) {
      return Array.from({ length: count }, (_, index) => ({
        from: roundTo(start + index * step, decimals),
        to: roundTo(start + (index + 1) * step, decimals),
        toIncluded: index === count - 1 && count === closed && open > buckets,
      }));
    }
    step = nextStep(step);
  }
}

/**
 * A number of the summary (an average, a bound) as a person reads it for `widget`: rounded to 2 decimals, then the
 * question's own answer text (`displayAnswer`: 'USD 1,234.50', '25 km', '4.25').
 */
export function summaryNumberText(value: number, widget: Widget): string {
  return displayAnswer(roundTo(value, 2), widget);
}

/**
 * The label of `bucket` for `widget`'s answers: with `integers` the whole numbers it holds ('10–19', '90–100' for
 * a last bucket that holds its `to`, '7' for a bucket of one number), otherwise 'from–to'. Each number as the
 * question writes it ({@link summaryNumberText}).
 */
export function bucketLabel(bucket: NumberBucket, widget: Widget, integers: boolean): string {
  const upper = integers && !bucket.toIncluded ? bucket.to - 1 : bucket.to;
  if (upper <= bucket.from) return summaryNumberText(bucket.from, widget);
  return `${summaryNumberText(bucket.from, widget)}–${summaryNumberText(upper, widget)}`;
}
