import { ACTIVITY_KINDS, type ActivityEntry } from '@portal/contract';
import { createInstance, type TFunction } from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import en from '../locales/en.json';
import it_ from '../locales/it.json';
import { activityOutcome, activitySentence } from './activity-sentence';

let english: TFunction;
let italian: TFunction;

beforeAll(async () => {
  const i18n = createInstance();
  await i18n.init({
    resources: { en: { translation: en }, it: { translation: it_ } },
    lng: 'en',
    interpolation: { escapeValue: false },
  });
  english = i18n.getFixedT('en');
  italian = i18n.getFixedT('it');
});

const entry = (fields: Partial<ActivityEntry>): ActivityEntry => ({
  seq: 1,
  at: '2026-11-28T12:00:00.000Z',
  kind: 'board.gcode',
  actor: { id: 4, email: 'manager@demo.test', name: 'Marco Manager', role: 1, business: 2 },
  controller: 3,
  machine: 'Prusa linea 1',
  business: 2,
  ticket: null,
  via: 'admin',
  detail: {},
  names: {},
  address: '127.0.0.1',
  outcome: 200,
  ...fields,
});

describe('an activity entry as a sentence', () => {
  it('has a sentence for every action in both languages, naming who acted', () => {
    for (const kind of ACTIVITY_KINDS) {
      const detail = kind === 'serviceSession.decide' ? { accept: true } : { size: 1 };
      for (const [language, translate] of [
        ['en', english],
        ['it', italian],
      ] as const) {
        const sentence = activitySentence(entry({ kind, detail }), translate, language);
        expect(sentence, `${kind} (${language})`).toMatch(/^Marco Manager /);
        expect(sentence, `${kind} (${language})`).not.toContain('activity.');
      }
    }
  });

  it('names the actor, the task and the note of maintenance done, in both languages', () => {
    const done = entry({
      kind: 'maintenance.done',
      detail: { route: 'POST /api/v1/machinegroup/:id/maintenance/done', id: 26, task: 8, note: 'cleaned' },
      names: { id: 'Prusa linea 1', task: 'Nozzle' },
    });
    expect(activitySentence(done, english, 'en')).toBe('Marco Manager marked Nozzle done: cleaned');
    expect(activitySentence(done, italian, 'it')).toBe(
      'Marco Manager ha segnato Nozzle come eseguita: cleaned',
    );
  });

  it("reads a board change with the machine's name and a size in words", () => {
    const upload = entry({ kind: 'board.upload', detail: { name: '0:/gcodes/cube.gcode', size: 62 } });
    expect(activitySentence(upload, english, 'en')).toBe(
      'Marco Manager uploaded 0:/gcodes/cube.gcode (62 bytes) to Prusa linea 1',
    );
    expect(activitySentence(upload, italian, 'it')).toBe(
      'Marco Manager ha caricato 0:/gcodes/cube.gcode (62 byte) su Prusa linea 1',
    );
    expect(activitySentence(entry({ detail: { gcode: 'G28' } }), english, 'en')).toBe(
      'Marco Manager sent G-code to Prusa linea 1: G28',
    );
  });

  it('reads a decision as accepted or rejected with its comment, never as field=value', () => {
    const decided = entry({ kind: 'serviceSession.decide', detail: { id: 3, accept: true, comment: '' } });
    expect(activitySentence(decided, english, 'en')).toBe('Marco Manager accepted the service session');
    const rejected = entry({
      kind: 'serviceSession.decide',
      detail: { id: 3, accept: false, comment: 'not now' },
    });
    expect(activitySentence(rejected, italian, 'it')).toBe(
      'Marco Manager ha rifiutato la sessione di assistenza: not now',
    );
  });

  it('names an object gone since by its number, and an actor without a name by address', () => {
    const deleted = entry({
      kind: 'user.delete',
      actor: { id: 4, email: 'admin@demo.test', name: null, role: 0, business: 1 },
      detail: { route: 'DELETE /api/v1/users/:id', id: 26 },
    });
    expect(activitySentence(deleted, english, 'en')).toBe('admin@demo.test deleted the user no. 26');
    expect(activitySentence(deleted, italian, 'it')).toBe("admin@demo.test ha eliminato l'utente n. 26");
  });
});

describe('the answer to an entry in words', () => {
  it('says whether the board accepted or refused, and why where it can', () => {
    expect(activityOutcome({ kind: 'board.gcode', outcome: 200 }, english)).toBe('The board accepted');
    expect(activityOutcome({ kind: 'board.gcode', outcome: 503 }, english)).toBe('The board refused (busy)');
    expect(activityOutcome({ kind: 'board.gcode', outcome: 503 }, italian)).toBe(
      'La scheda ha rifiutato (occupata)',
    );
    expect(activityOutcome({ kind: 'board.delete', outcome: 500 }, english)).toBe(
      'The board refused (error 500)',
    );
    expect(activityOutcome({ kind: 'board.gcode', outcome: null }, italian)).toBe('Nessuna risposta');
  });

  it('says an administrative action was done', () => {
    expect(activityOutcome({ kind: 'user.update', outcome: 200 }, english)).toBe('Done');
    expect(activityOutcome({ kind: 'user.update', outcome: 201 }, italian)).toBe('Eseguita');
  });
});
