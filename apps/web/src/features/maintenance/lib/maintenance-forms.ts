import {
  type Language,
  LIMITS,
  MAINTENANCE_INTERVAL_MAX,
  MAINTENANCE_LINK_MAX,
  MAINTENANCE_PARTS_MAX,
  MAINTENANCE_TEXT_MAX,
  type MaintenanceIntervals,
  type MaintenanceOverrideBody,
  type MaintenanceTask,
  type MaintenanceTaskBody,
} from '@portal/contract';
import { addHours, startOfDay } from 'date-fns';
import { z } from 'zod';
import { formatDay, normaliseDay, parseDay } from '../../../lib/calendar-day';

/** Issue codes of the maintenance forms beyond the contract's validation codes. */
export const ONE_INTERVAL = 'oneInterval';
export const DONE_IN_FUTURE = 'doneInFuture';

/** The interval fields as the forms hold them: text, '' for none. */
export interface IntervalTexts {
  everyHours: string;
  everyJobs: string;
  everyMetres: string;
  everyDays: string;
}

export const INTERVAL_TEXT_FIELDS = ['everyHours', 'everyJobs', 'everyMetres', 'everyDays'] as const;

/** An interval typed: empty for none, otherwise a whole number from 1 to MAINTENANCE_INTERVAL_MAX. */
const intervalText = z
  .string()
  .trim()
  .refine((text) => text === '' || /^\d+$/.test(text), { params: { code: 'invalidFormat' } })
  .transform((text) => (text === '' ? undefined : Number(text)))
  .pipe(z.number().int().min(1).max(MAINTENANCE_INTERVAL_MAX).optional());

const intervalShape = {
  everyHours: intervalText,
  everyJobs: intervalText,
  everyMetres: intervalText,
  everyDays: intervalText,
};

/** A task due by no criterion would never be due: at least one interval, said under the first field. */
function requireOneInterval(
  values: Partial<Record<(typeof INTERVAL_TEXT_FIELDS)[number], number>>,
  context: z.RefinementCtx,
): void {
  if (INTERVAL_TEXT_FIELDS.some((field) => values[field] !== undefined)) return;
  context.addIssue({ code: 'custom', path: ['everyHours'], input: '', params: { code: ONE_INTERVAL } });
}

/** Intervals as the forms show them: a number as text, none as ''. */
export function intervalTexts(intervals: MaintenanceIntervals | null): IntervalTexts {
  const text = (value: number | null | undefined) =>
    value === null || value === undefined ? '' : String(value);
  return {
    everyHours: text(intervals?.everyHours),
    everyJobs: text(intervals?.everyJobs),
    everyMetres: text(intervals?.everyMetres),
    everyDays: text(intervals?.everyDays),
  };
}

/** The intervals filled in, as the API takes them (those left empty are absent). */
function filledIntervals(values: {
  everyHours?: number | undefined;
  everyJobs?: number | undefined;
  everyMetres?: number | undefined;
  everyDays?: number | undefined;
}): MaintenanceOverrideBody {
  const { everyHours, everyJobs, everyMetres, everyDays } = values;
  return {
    ...(everyHours !== undefined && { everyHours }),
    ...(everyJobs !== undefined && { everyJobs }),
    ...(everyMetres !== undefined && { everyMetres }),
    ...(everyDays !== undefined && { everyDays }),
  };
}

/** The task form's fields. */
export interface TaskFormValues extends IntervalTexts {
  name: string;
  instruction: string;
  link: string;
}

export function taskFormValues(task: MaintenanceTask | null): TaskFormValues {
  return {
    name: task?.name ?? '',
    instruction: task?.instruction ?? '',
    link: task?.link ?? '',
    ...intervalTexts(task),
  };
}

/** The task form's rules (the contract's, on texts), giving the body of a task of `machineType`'s plan. */
export const taskFormSchema = (machineType: number) =>
  z
    .object({
      name: z.string().trim().min(1).max(LIMITS.nameMax),
      instruction: z.string().trim().max(MAINTENANCE_TEXT_MAX),
      link: z
        .string()
        .trim()
        .transform((text) => (text === '' ? undefined : text))
        .pipe(
          z
            .url({ protocol: /^https?$/ })
            .max(MAINTENANCE_LINK_MAX)
            .optional(),
        ),
      ...intervalShape,
    })
    .superRefine(requireOneInterval)
    .transform(
      ({ name, instruction, link, ...intervals }): MaintenanceTaskBody => ({
        machineType,
        name,
        instruction,
        ...(link !== undefined && { link }),
        ...filledIntervals(intervals),
      }),
    );

/** The override form's rules: a machine group's own intervals, at least one. */
export const overrideFormSchema = z
  .object(intervalShape)
  .superRefine(requireOneInterval)
  .transform(filledIntervals);

/** The "mark done" form's fields: the day (yyyy-MM-dd), a note and the parts used. */
export interface DoneFormValues {
  day: string;
  note: string;
  parts: string;
}

export const doneFormValues = (now: number): DoneFormValues => ({ day: formatDay(now), note: '', parts: '' });

/**
 * The instant a done day stands for: none for today (the server records its own now), and an earlier day at its
 * local noon (the hour the work was done is not asked; the middle of the day counts that day's jobs half way).
 */
export function doneDateOf(day: string, now: number): string | undefined {
  const start = parseDay(day);
  if (start === null) throw new Error('doneDateOf needs a day the form has validated');
  if (start >= startOfDay(now).getTime()) return undefined;
  return addHours(start, 12).toISOString();
}

/** The "mark done" form's rules: the day typed (in the page language's order too) or picked, never later than today. */
export const doneFormSchema = (now: number, language: Language) =>
  z
    .object({
      day: z
        .string()
        .trim()
        .min(1)
        .transform((text) => normaliseDay(text, language) ?? text),
      note: z.string().trim().max(MAINTENANCE_TEXT_MAX),
      parts: z.string().trim().max(MAINTENANCE_PARTS_MAX),
    })
    .superRefine((values, context) => {
      const day = parseDay(values.day);
      if (day === null) {
        context.addIssue({
          code: 'custom',
          path: ['day'],
          input: values.day,
          params: { code: 'invalidFormat' },
        });
      } else if (day > startOfDay(now).getTime()) {
        context.addIssue({
          code: 'custom',
          path: ['day'],
          input: values.day,
          params: { code: DONE_IN_FUTURE },
        });
      }
    });

/** The record of a task done, from the form's checked values: the date only for an earlier day. */
export function doneBody(
  values: DoneFormValues,
  now: number,
): { date?: string; note: string; parts: string } {
  const date = doneDateOf(values.day, now);
  return { note: values.note, parts: values.parts, ...(date !== undefined && { date }) };
}
