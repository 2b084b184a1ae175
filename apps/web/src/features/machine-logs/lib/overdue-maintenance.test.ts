import { describe, expect, it } from 'vitest';
import { parseCsvTable } from './csv-table';
import { findCounterColumns, isOverdue, overdueRows } from './overdue-maintenance';

const HEADER = ['Data', 'Componente', 'Intervento', 'Tecnico', 'Note', 'Ore di lavoro', 'Intervallo (ore)'];

describe('findCounterColumns', () => {
  it("finds the simulator's counter and interval columns, and English ones", () => {
    expect(findCounterColumns(HEADER)).toEqual({ counter: 5, interval: 6 });
    expect(findCounterColumns(['Component', 'Interval (h)', 'Hours'])).toEqual({ counter: 2, interval: 1 });
  });

  it('finds nothing in a plain log without counters (Intervento is not an interval)', () => {
    expect(findCounterColumns(['Data', 'Componente', 'Intervento', 'Tecnico', 'Note'])).toBeNull();
    expect(findCounterColumns(['Data', 'Ore di lavoro'])).toBeNull();
  });
});

describe('isOverdue', () => {
  const columns = { counter: 0, interval: 1 };

  it('marks a row once its counter reaches its interval', () => {
    expect(isOverdue(['832', '500'], columns)).toBe(true);
    expect(isOverdue(['500', '500'], columns)).toBe(true);
    expect(isOverdue(['499.5', '500'], columns)).toBe(false);
  });

  it('leaves rows with unreadable or missing cells, or no interval, unmarked', () => {
    expect(isOverdue(['', '500'], columns)).toBe(false);
    expect(isOverdue(['900', 'n/d'], columns)).toBe(false);
    expect(isOverdue(['900'], columns)).toBe(false);
    expect(isOverdue(['900', '0'], columns)).toBe(false);
  });
});

describe('overdueRows', () => {
  it('gives the indexes of the overdue data rows', () => {
    const table = parseCsvTable(
      `${HEADER.join(',')}\n` +
        '2026-01-01,Ugello,Sostituzione,Marco,ok,960,1000\n' +
        '2026-01-02,Piano,Pulizia,Giulia,ok,832,500\n' +
        '2026-01-03,Guide,Lubrificazione,Luca,ok,240,200\n',
    );
    expect([...(overdueRows(table) ?? [])]).toEqual([1, 2]);
  });

  it('gives an empty set when nothing is due, and null for a file without counters', () => {
    expect(overdueRows(parseCsvTable(`${HEADER.join(',')}\n2026-01-01,Ugello,-,-,-,10,1000\n`))).toEqual(
      new Set(),
    );
    expect(overdueRows(parseCsvTable('Data,Componente\n2026-01-01,Ugello\n'))).toBeNull();
  });
});
