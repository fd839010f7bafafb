/**
 * Calculations (spec 000 §3 "Flow template": `calculations`): number variables of a form that the respondent's
 * answers update — a price that grows with the options picked, a score of a personality test, a count of 'Yes'
 * answers. Labels and endings show them (`{{calculations.<id>}}`, `rules/piping.ts`), and conditions compare them
 * (`{"gte": [{"var": "calculations.total"}, 100]}`, page rules and display conditions).
 *
 * A calculation is `{id, name, initialValue, updates}`. Its number starts at `initialValue`; each update, in
 * order, applies when its `when` condition holds (always, without one): `add`, `subtract`, `multiply`, `divide`
 * the number by `value`, or `set` it to `value`. `value` is a number, or a reference to a number: a question's
 * answer (`{"var": "answers.<id>"}`: NumberInput, CurrencyInput, Slider, StarRating, OpinionScale), a hidden
 * field holding digits, or a calculation listed before this one. Example — a price of 20, plus 15 for the
 * 'Large' size, times the quantity:
 *
 * ```json
 * { "id": "price", "name": "Price", "initialValue": 20,
 *   "updates": [ { "when": { "equals": [ { "var": "answers.size" }, "large" ] }, "operation": "add", "value": 15 },
 *                { "operation": "multiply", "value": { "var": "answers.quantity" } } ] }
 * ```
 *
 * An update whose value is not a number (an unanswered question, text), or that would divide by zero, or give
 * something not finite, is skipped: the number stays as it was. Results are rounded to 12 significant digits, so
 * 0.1 + 0.2 is 0.3. The answers are those on the respondent's path (`rules/page-path.ts`), so the public form, the
 * server's submission check and the Results compute the same numbers. ZOD-FREE AT RUNTIME (the public form runs
 * it; the schema is `Calculation` in `entities/flow-template.ts`). Pure; never throws.
 */
import type { Calculation, FlowTemplate } from '../entities/flow-template';
import { toFiniteNumber } from '../answers/shared/number';
import { resolveLogicValue, type LogicContext } from '../logic';
import { evaluateCondition } from './conditions';

/** What an update does to the number: `add`, `subtract`, `multiply`, `divide` it by the value, or `set` it. */
export const CALCULATION_OPERATIONS = ['add', 'subtract', 'multiply', 'divide', 'set'] as const;
/** One of {@link CALCULATION_OPERATIONS}. */
export type CalculationOperation = (typeof CALCULATION_OPERATIONS)[number];

/** The template's calculations, in order (`[]` for a form without). */
export function calculationsOf(template: Pick<FlowTemplate, 'calculations'>): Calculation[] {
  return template.calculations ?? [];
}

/**
 * The number of every calculation of `template`, by id, with `context` (its `answers`, `urlParams`, `quiz`): each
 * starts at its `initialValue` and runs its updates in order (module doc). An update may refer to calculations
 * listed before its own (their final numbers) and to its own (the number so far); one listed after reads as its
 * `initialValue`. Never throws.
 */
export function computeCalculations(template: Pick<FlowTemplate, 'calculations'>, context: LogicContext): Record<string, number> {
  const values: Record<string, number> = Object.create(null) as Record<string, number>;
  const calculations = calculationsOf(template);
  for (const calculation of calculations) values[calculation.id] = calculation.initialValue;
  for (const calculation of calculations) {
    let current = calculation.initialValue;
    for (const update of calculation.updates) {
      const scope: LogicContext = { ...context, calculations: { ...values, [calculation.id]: current } };
      if (update.when !== undefined && !evaluateCondition(update.when, scope)) continue;
      const operand = toFiniteNumber(resolveLogicValue(update.value, scope));
      if (operand === null) continue;
      const next = apply(update.operation, current, operand);
      if (next !== null) current = next;
    }
    values[calculation.id] = current;
  }
  return values;
}

/** `current` after `operation` with `operand`, rounded to 12 significant digits; `null` when not finite or a division by zero. */
function apply(operation: CalculationOperation, current: number, operand: number): number | null {
  let result: number;
  switch (operation) {
    case 'add':
      result = current + operand;
      break;
    case 'subtract':
      result = current - operand;
      break;
    case 'multiply':
      result = current * operand;
      break;
    case 'divide':
      if (operand === 0) return null;
      result = current / operand;
      break;
    default:
      result = operand;
  }
  return Number.isFinite(result) ? roundNumber(result) : null;
}

/** `value` rounded to 12 significant digits (`0.1 + 0.2` → `0.3`); `-0` reads as `0`. */
export function roundNumber(value: number): number {
  const rounded = Number(value.toPrecision(12));
  return rounded === 0 ? 0 : rounded;
}

/**
 * A calculation's number as a person reads it: at most 2 decimals, no trailing zeros, no grouping (`1234.5`,
 * `0.33`, `-2`) — the same in the form, the Results and the export.
 */
export function displayCalculation(value: number): string {
  return String(roundNumber(Math.round(value * 100) / 100));
}
