// @vitest-environment happy-dom
import type { QueueRun } from '@portal/contract';
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { initI18n, loadCatalogPart } from '../../../lib/i18n';
import { RunList } from './run-list';

const run = (copy: number, fields: Partial<QueueRun>): QueueRun => ({
  id: copy,
  job: 1,
  machineGroup: 7,
  copy,
  state: 'failed',
  boardFile: '0:/gcodes/queue/staffa.gcode',
  startedBy: { id: 3, name: 'Carlo', surname: 'Cliente' },
  automatic: false,
  startedAt: '2026-11-28T09:00:00.000Z',
  endedAt: '2026-11-28T09:05:00.000Z',
  reason: null,
  startError: null,
  ...fields,
});

const renderRuns = (runs: QueueRun[]) =>
  render(<RunList runs={runs} label="Esecuzioni di staffa.gcode" machineName={() => 'Prusa linea 1'} />);

/** Each listed copy's text. */
const copies = () => screen.getAllByRole('listitem').map((item) => item.textContent ?? '');

describe('RunList', () => {
  beforeAll(async () => {
    await initI18n('it');
    // The queue's screens load with the screens' part of the catalog, as the router does.
    await loadCatalogPart('screens');
  });
  afterEach(cleanup);

  it('says in Italian why each copy failed, with the error that stopped a start when there was one', () => {
    renderRuns([
      run(1, { reason: 'fileRefused' }),
      run(2, { reason: 'startRefused' }),
      run(3, { reason: 'notStarted', startError: 'BOARD_OFFLINE' }),
      run(4, { reason: 'notStarted' }),
      run(5, { reason: 'halted' }),
      run(6, { reason: 'cancelledOnMachine' }),
      run(7, { reason: 'endedUnseen' }),
      run(8, { state: 'finished' }),
    ]);
    const reasons = [
      'La macchina non ha accettato il file.',
      'La macchina non ha avviato la stampa.',
      'Non è stato possibile avviare la stampa. La scheda madre di questa macchina è offline.',
      'Non è stato possibile avviare la stampa.',
      'La macchina si è arrestata.',
      'La stampa è stata annullata sulla macchina.',
      'La stampa è terminata mentre il portale non seguiva la macchina.',
    ];
    const items = screen.getAllByRole('listitem');
    reasons.forEach((reason, index) => {
      const item = items[index];
      if (!item) throw new Error(`no copy ${index + 1}`);
      expect(within(item).getByText(reason)).toBeTruthy();
    });
    // Nothing in English, and no code shown as it is.
    for (const text of copies()) {
      expect(text).not.toMatch(
        /\b(the|machine|print|portal|board|did)\b|fileRefused|notStarted|halted|BOARD_OFFLINE/i,
      );
    }
    expect(items[7]?.querySelector('.text-danger')).toBeNull();
  });
});
