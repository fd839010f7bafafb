/**
 * The zod schemas of logic values (`logic.ts` documents them and holds the zod-free types and functions) and of
 * conditions (`rules/conditions.ts`): what flow and workflow templates are parsed with.
 */
import { z } from 'zod';
import * as copy from './copy';
import { MAX_CONDITION_DEPTH, MAX_CONDITIONS_PER_GROUP } from './limits';
import type { LogicRef as LogicRefShape, LogicValue as LogicValueShape } from './logic';
import { conditionShapeProblems, type Condition as ConditionShape } from './rules/conditions';

/** A reference to run data `{var: path}` (path 1–200 characters; `logic.ts` lists the paths). */
export const LogicRef: z.ZodType<LogicRefShape> = z.object({ var: z.string().min(1).max(200) });

/** A literal (string, number, boolean, null) or a {@link LogicRef}. */
export const LogicValue: z.ZodType<LogicValueShape> = z.union([z.string(), z.number(), z.boolean(), z.null(), LogicRef]);

const pair = z.tuple([LogicValue, z.union([LogicValue, z.array(LogicValue).max(MAX_CONDITIONS_PER_GROUP)])]);
const single = z.tuple([LogicValue]);

/**
 * A condition as it nests inside a group (the bound on nesting is checked once, on {@link Condition}); named
 * `Condition` in OpenAPI documents.
 */
const ConditionNode: z.ZodType<ConditionShape> = z.lazy(() =>
  z.union([
    z.strictObject({ and: z.array(ConditionNode).max(MAX_CONDITIONS_PER_GROUP) }),
    z.strictObject({ or: z.array(ConditionNode).max(MAX_CONDITIONS_PER_GROUP) }),
    z.strictObject({ equals: pair }),
    z.strictObject({ notEquals: pair }),
    z.strictObject({ equalsIgnoreCase: pair }),
    z.strictObject({ contains: pair }),
    z.strictObject({ notContains: pair }),
    z.strictObject({ lt: pair }),
    z.strictObject({ lte: pair }),
    z.strictObject({ gt: pair }),
    z.strictObject({ gte: pair }),
    z.strictObject({ in: pair }),
    z.strictObject({ notIn: pair }),
    z.strictObject({ isEmpty: single }),
    z.strictObject({ isNotEmpty: single }),
  ]),
).meta({ id: 'Condition' });

/**
 * A condition (`rules/conditions.ts` documents the shape and its meaning): `{and: […]}`, `{or: […]}` (at most
 * `MAX_CONDITIONS_PER_GROUP` each) or one comparison `{"<operator>": [left, right?]}` of logic values (`right`
 * may be a list of at most `MAX_CONDITIONS_PER_GROUP`). Every object has exactly that one key (an extra key is
 * refused, not dropped). Groups nest at most `MAX_CONDITION_DEPTH` deep (`copy.conditions.tooDeep`).
 */
export const Condition: z.ZodType<ConditionShape> = ConditionNode.refine(
  (condition) => !conditionShapeProblems(condition).some((problem) => problem.kind === 'tooDeep'),
  { message: copy.conditions.tooDeep(MAX_CONDITION_DEPTH) },
);
