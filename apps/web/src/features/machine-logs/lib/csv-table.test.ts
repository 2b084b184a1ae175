import { describe, expect, it } from 'vitest';
import { findColumn, parseCsvTable, parseLogNumber } from './csv-table';

describe('parseCsvTable', () => {
  it('takes the first row as the header and the others as data, split on commas', () => {
    expect(
      parseCsvTable(
        'Data,File,Esito\n2026-01-02 10:00,a.gcode,Completata\n2026-01-03 11:00,b.gcode,Annullata\n',
      ),
    ).toEqual({
      header: ['Data', 'File', 'Esito'],
      rows: [
        ['2026-01-02 10:00', 'a.gcode', 'Completata'],
        ['2026-01-03 11:00', 'b.gcode', 'Annullata'],
      ],
    });
  });

  it('keeps a quoted comma inside its cell and skips blank lines', () => {
    expect(parseCsvTable('Componente,Note\r\n"Ugello","Usura, sostituito"\r\n\r\n')).toEqual({
      header: ['Componente', 'Note'],
      rows: [['Ugello', 'Usura, sostituito']],
    });
  });

  it('reads a header-only file as no rows and an empty file as nothing', () => {
    expect(parseCsvTable('Data,File\n')).toEqual({ header: ['Data', 'File'], rows: [] });
    expect(parseCsvTable('')).toEqual({ header: [], rows: [] });
  });
});

describe('findColumn and parseLogNumber', () => {
  it('finds a column by name and reads decimal points or commas', () => {
    expect(findColumn(['Data', ' Durata ', 'Esito'], /^durata$/i)).toBe(1);
    expect(findColumn(['Data'], /^esito$/i)).toBe(-1);
    expect(parseLogNumber('12.5')).toBe(12.5);
    expect(parseLogNumber(' 12,5 ')).toBe(12.5);
    expect(parseLogNumber('')).toBeNaN();
    expect(parseLogNumber('n/d')).toBeNaN();
    expect(parseLogNumber(undefined)).toBeNaN();
  });
});
