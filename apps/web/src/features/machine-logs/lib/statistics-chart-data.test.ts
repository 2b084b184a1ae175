import { describe, expect, it } from 'vitest';
import { parseCsvTable } from './csv-table';
import { parseDurationSeconds, statisticsChartData } from './statistics-chart-data';

describe('parseDurationSeconds', () => {
  it('reads the durations the board writes and plain seconds', () => {
    expect(parseDurationSeconds('26m 20s')).toBe(1580);
    expect(parseDurationSeconds('2h 19m 50s')).toBe(8390);
    expect(parseDurationSeconds('1d 0h 0m 5s')).toBe(86_405);
    expect(parseDurationSeconds(' 3600 ')).toBe(3600);
  });

  it('refuses anything else', () => {
    expect(parseDurationSeconds('')).toBeNaN();
    expect(parseDurationSeconds('circa 2 ore')).toBeNaN();
    expect(parseDurationSeconds('2h and 5m')).toBeNaN();
    expect(parseDurationSeconds(undefined)).toBeNaN();
  });
});

describe('statisticsChartData', () => {
  const csv = [
    'Data,File,Durata,Filamento (mm),Esito',
    // Monday 2026-03-02 and Sunday 2026-03-08 fall in the same week.
    '2026-03-02 09:00,a.gcode,1h 0m 0s,100.0,Completata',
    '2026-03-08 22:00,b.gcode,30m 0s,50.0,Completata',
    '2026-03-09 10:00,c.gcode,15m 0s,10.0,Annullata',
    // No job in the week of 2026-03-16: it still has its place, at zero.
    '2026-03-24 10:00,d.gcode,2h 0m 0s,300.0,Completata',
    'non una data,e.gcode,1h 0m 0s,1.0,Completata',
  ].join('\n');

  it('sums print hours per week (Monday first) and outcome, with empty weeks at zero', () => {
    expect(statisticsChartData(parseCsvTable(csv))).toEqual({
      weeks: ['2026-03-02', '2026-03-09', '2026-03-16', '2026-03-23'],
      series: [
        { outcome: 'Completata', hours: [1.5, 0, 0, 2] },
        { outcome: 'Annullata', hours: [0, 0.25, 0, 0] },
      ],
    });
  });

  it('draws one unnamed series when the file has no outcome column', () => {
    const data = statisticsChartData(parseCsvTable('Date,Duration\n2026-03-02 09:00,3600\n'));
    expect(data).toEqual({ weeks: ['2026-03-02'], series: [{ outcome: '', hours: [1] }] });
  });

  it('gives no chart without a date and a duration column, or without a readable row', () => {
    expect(statisticsChartData(parseCsvTable('File,Esito\na.gcode,Completata\n'))).toBeNull();
    expect(statisticsChartData(parseCsvTable('Data,Durata\nieri,molto\n'))).toBeNull();
    expect(statisticsChartData(parseCsvTable('Data,Durata\n'))).toBeNull();
  });
});
