import { describe, expect, it } from 'vitest';
import {
  DONE_IN_FUTURE,
  doneBody,
  doneDateOf,
  doneFormSchema,
  intervalTexts,
  ONE_INTERVAL,
  overrideFormSchema,
  taskFormSchema,
  taskFormValues,
} from './maintenance-forms';

/** 27 November 2026, 16:30 local time. */
const NOW = new Date(2026, 10, 27, 16, 30).getTime();

const codesOf = (result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; params?: unknown }[] };
}) =>
  result.error?.issues.map((issue) => ({
    path: issue.path.join('.'),
    code: (issue.params as { code?: string } | undefined)?.code,
  })) ?? [];

describe('the task form', () => {
  const blank = taskFormValues(null);

  it('starts empty for a new task and from the task when editing', () => {
    expect(blank).toEqual({
      name: '',
      instruction: '',
      link: '',
      everyHours: '',
      everyJobs: '',
      everyMetres: '',
      everyDays: '',
    });
    expect(
      taskFormValues({
        id: 4,
        machineType: 2,
        name: 'Cinghie',
        instruction: 'Tendere',
        link: null,
        everyHours: 200,
        everyJobs: null,
        everyMetres: null,
        everyDays: 90,
      }),
    ).toEqual({ ...blank, name: 'Cinghie', instruction: 'Tendere', everyHours: '200', everyDays: '90' });
  });

  it('gives the body of the task: numbers for the intervals filled in, no link when empty', () => {
    const result = taskFormSchema(3).safeParse({
      ...blank,
      name: ' Ugello ',
      everyDays: '30',
      everyHours: ' 500 ',
    });
    expect(result.data).toEqual({
      machineType: 3,
      name: 'Ugello',
      instruction: '',
      everyHours: 500,
      everyDays: 30,
    });
    const withLink = taskFormSchema(3).safeParse({
      ...blank,
      name: 'U',
      everyJobs: '10',
      link: 'https://x.test/m',
    });
    expect(withLink.data).toEqual({
      machineType: 3,
      name: 'U',
      instruction: '',
      link: 'https://x.test/m',
      everyJobs: 10,
    });
  });

  it('asks for at least one interval, whole and positive, and an http(s) link', () => {
    expect(codesOf(taskFormSchema(3).safeParse({ ...blank, name: 'U' }))).toEqual([
      { path: 'everyHours', code: ONE_INTERVAL },
    ]);
    const wrong = taskFormSchema(3).safeParse({
      ...blank,
      name: 'U',
      everyHours: '1,5',
      everyDays: '0',
      link: 'ftp://x.test',
    });
    expect(wrong.success).toBe(false);
    expect(new Set(codesOf(wrong).map((issue) => issue.path))).toEqual(
      new Set(['everyHours', 'everyDays', 'link']),
    );
    expect(taskFormSchema(3).safeParse({ ...blank, name: 'U', everyJobs: '1000001' }).success).toBe(false);
    expect(taskFormSchema(3).safeParse({ ...blank, everyJobs: '5' }).success).toBe(false);
  });
});

describe('the override form', () => {
  it('starts from the intervals in force and gives only those filled in', () => {
    const texts = intervalTexts({ everyHours: null, everyJobs: 50, everyMetres: null, everyDays: 10 });
    expect(texts).toEqual({ everyHours: '', everyJobs: '50', everyMetres: '', everyDays: '10' });
    expect(overrideFormSchema.safeParse({ ...texts, everyJobs: '' }).data).toEqual({ everyDays: 10 });
  });

  it('asks for at least one interval', () => {
    expect(codesOf(overrideFormSchema.safeParse(intervalTexts(null)))).toEqual([
      { path: 'everyHours', code: ONE_INTERVAL },
    ]);
  });
});

describe('the done form', () => {
  const schema = doneFormSchema(NOW, 'it');

  it('sends no date for today: the server records its own time', () => {
    expect(doneDateOf('2026-11-27', NOW)).toBeUndefined();
    const values = schema.parse({ day: '2026-11-27', note: ' fatto ', parts: '' });
    expect(doneBody(values, NOW)).toEqual({ note: 'fatto', parts: '' });
  });

  it('sends an earlier day at its local noon, typed in the page language too', () => {
    const noon = new Date(2026, 10, 20, 12).toISOString();
    expect(doneDateOf('2026-11-20', NOW)).toBe(noon);
    const values = schema.parse({ day: '20/11/2026', note: '', parts: 'ugello' });
    expect(values.day).toBe('2026-11-20');
    expect(doneBody(values, NOW)).toEqual({ date: noon, note: '', parts: 'ugello' });
  });

  it('refuses a later day, a day that is none and an empty one', () => {
    expect(codesOf(schema.safeParse({ day: '2026-11-28', note: '', parts: '' }))).toEqual([
      { path: 'day', code: DONE_IN_FUTURE },
    ]);
    expect(codesOf(schema.safeParse({ day: '2026-02-30', note: '', parts: '' }))).toEqual([
      { path: 'day', code: 'invalidFormat' },
    ]);
    expect(schema.safeParse({ day: '', note: '', parts: '' }).success).toBe(false);
  });

  it('keeps the note and the parts within their limits', () => {
    expect(schema.safeParse({ day: '2026-11-27', note: 'x'.repeat(2001), parts: '' }).success).toBe(false);
    expect(schema.safeParse({ day: '2026-11-27', note: '', parts: 'x'.repeat(501) }).success).toBe(false);
  });
});
