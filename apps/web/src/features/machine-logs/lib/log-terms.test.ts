import { describe, expect, it } from 'vitest';
import { describeColumn, formatCell, formatWeek, type OutcomeKey, outcomeKey } from './log-terms';

const translate = (key: OutcomeKey) => `<${key}>`;
const it_ = { language: 'it', translate };
const en = { language: 'en', translate };

describe('describeColumn', () => {
  it('knows the columns the machine macros write, whatever their case and spacing', () => {
    expect(describeColumn(' Filamento (mm) ')).toEqual({
      labelKey: 'machineLogs.columns.filament',
      kind: 'filament',
    });
    expect(describeColumn('ESITO')).toEqual({ labelKey: 'machineLogs.columns.outcome', kind: 'outcome' });
    expect(describeColumn('Note').kind).toBe('longText');
  });

  it('leaves any other column as the file names it', () => {
    expect(describeColumn('Temperatura piatto')).toEqual({ labelKey: undefined, kind: 'text' });
  });
});

describe('formatCell', () => {
  it('writes filament millimetres as metres with the page decimal separator', () => {
    expect(formatCell('2140.5', 'filament', it_)).toBe('2,14 m');
    expect(formatCell('61033.4', 'filament', en)).toBe('61.03 m');
  });

  it('writes numbers and dates in the page format', () => {
    expect(formatCell('1250.5', 'number', it_)).toBe('1250,5');
    expect(formatCell('1250.5', 'number', en)).toBe('1,250.5');
    expect(formatCell('2026-08-01 14:05', 'date', en)).toBe('Aug 1, 2026, 2:05 PM');
    expect(formatCell('2026-08-01', 'date', it_)).toBe('1 ago 2026');
  });

  it('translates the known outcomes and keeps any other word', () => {
    expect(formatCell('Completata', 'outcome', en)).toBe('<machineLogs.outcomes.completed>');
    expect(formatCell('Fallita', 'outcome', en)).toBe('Fallita');
    expect(outcomeKey(' annullata ')).toBe('machineLogs.outcomes.cancelled');
  });

  it('keeps a cell that does not read as its column kind', () => {
    expect(formatCell('n/d', 'filament', en)).toBe('n/d');
    expect(formatCell('ieri', 'date', en)).toBe('ieri');
    expect(formatCell('circa 3', 'number', it_)).toBe('circa 3');
  });
});

describe('formatWeek', () => {
  it("writes a chart week in the page's format", () => {
    expect(formatWeek('2026-08-03', 'en')).toBe('Aug 3, 2026');
    expect(formatWeek('2026-08-03', 'it')).toBe('3 ago 2026');
  });
});
