/**
 * Maps template validation errors (`[{path, message}]`, from the server's 400 details or from
 * `validateFlowTemplate` run before saving) to the pages and questions they concern, so the editor can
 * show each one next to its question. Paths look like `steps.<stepId>.template.widgets.<index>.template.label`,
 * optionally prefixed by `template.` (the request body's field); a calculation's are
 * `calculations.<index>.name` and `calculations.<index>.updates.<index>.when…|value` (`calculationProblems`).
 */
import type { FieldError } from '@formloom/contracts/errors';
import type { FlowTemplate } from '@formloom/contracts/entities/flow-template';
import { publishProblems } from '@formloom/contracts/rules/publish-checks';

export interface LocatedError extends FieldError {
  stepId?: string;
  widgetId?: string;
  /** Where the error is, in words: 'Page 1 › Email address'. */
  where: string;
}

export interface SaveErrors {
  /** What was refused: a save (the draft's shape) or a publish (`publishProblems`). */
  kind: 'save' | 'publish';
  list: LocatedError[];
  byWidget: Record<string, string[]>;
  byStep: Record<string, string[]>;
  /** The errors of a page's navigation rule, keyed `<stepId>:<rule index>` (not in `byStep`). */
  byRule: Record<string, string[]>;
  /** The errors of a calculation itself (its name, its starting number), keyed by its id. */
  byCalculation: Record<string, string[]>;
  /** The errors of a calculation's update, keyed `<calculation id>:<update index>` (not in `byCalculation`). */
  byCalculationUpdate: Record<string, string[]>;
}

export const NO_SAVE_ERRORS: SaveErrors = { kind: 'save', list: [], byWidget: {}, byStep: {}, byRule: {}, byCalculation: {}, byCalculationUpdate: {} };

const STEP_PATH = /^steps\.([^.]+)(?:\.(.*))?$/;
const WIDGET_PATH = /^template\.widgets\.(\d+)(?:\.|$)/;
const RULE_PATH = /^nextStep\.rules\.(\d+)(?:\.|$)/;
const CALCULATION_PATH = /^calculations\.(\d+)(?:\.updates\.(\d+))?(?:\.|$)/;

/**
 * Locates `errors` (paths as in the module doc) in `template`, the draft they were found in: each with where it is
 * in words, and filed by question, page, navigation rule, calculation and calculation update. `kind`: what was
 * refused (a save by default).
 */
export function locateErrors(errors: FieldError[], template: FlowTemplate, kind: SaveErrors['kind'] = 'save'): SaveErrors {
  const result: SaveErrors = { kind, list: [], byWidget: {}, byStep: {}, byRule: {}, byCalculation: {}, byCalculationUpdate: {} };
  for (const error of errors) {
    const path = error.path.replace(/^template\./, '');
    const located: LocatedError = { ...error, where: path || 'Form' };
    const stepMatch = STEP_PATH.exec(path);
    if (stepMatch?.[1] && Object.prototype.hasOwnProperty.call(template.steps, stepMatch[1])) {
      const step = template.steps[stepMatch[1]];
      located.stepId = stepMatch[1];
      located.where = step?.name || stepMatch[1];
      const widgetMatch = WIDGET_PATH.exec(stepMatch[2] ?? '');
      if (step?.type === 'form' && widgetMatch?.[1] !== undefined) {
        const widget = step.template.widgets[Number(widgetMatch[1])];
        if (widget) {
          located.widgetId = widget.id;
          located.where = `${located.where} › ${widget.template.label || widget.name || widget.type}`;
          (result.byWidget[widget.id] ??= []).push(error.message);
        }
      } else {
        const ruleMatch = RULE_PATH.exec(stepMatch[2] ?? '');
        if (ruleMatch?.[1] !== undefined) {
          const index = Number(ruleMatch[1]);
          located.where = `${located.where} › Rule ${index + 1}`;
          (result.byRule[`${stepMatch[1]}:${index}`] ??= []).push(error.message);
        } else {
          (result.byStep[stepMatch[1]] ??= []).push(error.message);
        }
      }
    } else if (path === 'firstStep') {
      located.where = 'First page';
    } else {
      locateCalculationError(path, error.message, template, located, result);
    }
    result.list.push(located);
  }
  return result;
}

/** Files an error at `calculations.<i>…` under its calculation (or its update), and says where it is in words. */
function locateCalculationError(path: string, message: string, template: FlowTemplate, located: LocatedError, result: SaveErrors): void {
  const match = CALCULATION_PATH.exec(path);
  const calculation = match?.[1] === undefined ? undefined : template.calculations?.[Number(match[1])];
  if (!match || !calculation) return;
  located.where = `Calculations › ${calculation.name.trim() || `Calculation ${Number(match[1]) + 1}`}`;
  if (match[2] === undefined) {
    (result.byCalculation[calculation.id] ??= []).push(message);
    return;
  }
  const index = Number(match[2]);
  located.where = `${located.where} › Update ${index + 1}`;
  (result.byCalculationUpdate[`${calculation.id}:${index}`] ??= []).push(message);
}

/**
 * Where a problem is, independent of the order of questions: a question's path names it by id
 * (`widget.<id>.<rest>` for `steps.<s>.template.widgets.<i>.<rest>`), any other path stays; then the message.
 */
function problemKey(error: FieldError, template: FlowTemplate): string {
  const path = error.path.replace(/^template\./, '');
  const match = /^steps\.([^.]+)\.template\.widgets\.(\d+)(.*)$/.exec(path);
  const step = match?.[1] !== undefined && Object.prototype.hasOwnProperty.call(template.steps, match[1]) ? template.steps[match[1]] : undefined;
  const widget = step?.type === 'form' ? step.template.widgets[Number(match?.[2])] : undefined;
  return `${widget ? `widget.${widget.id}${match?.[3] ?? ''}` : path}\n${error.message}`;
}

/**
 * The publish problems (`publishProblems`, docs/product-rules.md §3) that `after` has and `before` had not, located
 * in `after` ({@link locateErrors}): what an edit such as moving a question to another page broke — a condition,
 * a page rule or a piped label that now reads a question asked later. A question is matched by its id, so a
 * problem that only moved with its question is not new. `[]` when the edit broke nothing.
 */
export function problemsIntroduced(before: FlowTemplate, after: FlowTemplate): LocatedError[] {
  const known = new Set(publishProblems(before).map((error) => problemKey(error, before)));
  const introduced = publishProblems(after).filter((error) => !known.has(problemKey(error, after)));
  return locateErrors(introduced, after, 'publish').list;
}
