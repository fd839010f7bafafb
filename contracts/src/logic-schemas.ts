/**
 * The zod schemas of logic values (`logic.ts` documents them and holds the zod-free types and functions):
 * what workflow templates are parsed with.
 */
import { z } from 'zod';
import type { LogicRef as LogicRefShape, LogicValue as LogicValueShape } from './logic';

/** A reference to run data `{var: path}` (path 1–200 characters; `logic.ts` lists the paths). */
export const LogicRef: z.ZodType<LogicRefShape> = z.object({ var: z.string().min(1).max(200) });

/** A literal (string, number, boolean, null) or a {@link LogicRef}. */
export const LogicValue: z.ZodType<LogicValueShape> = z.union([z.string(), z.number(), z.boolean(), z.null(), LogicRef]);
