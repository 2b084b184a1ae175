import type { ActivityEntry } from '@portal/contract';
import type { TFunction } from 'i18next';
import { formatFileSize } from './format';

type Entry = Pick<
  ActivityEntry,
  'kind' | 'detail' | 'names' | 'actor' | 'machine' | 'controller' | 'outcome'
>;

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

/** Who acted, as people know them: their name, else their address, else the record says someone unknown. */
export function actorName(entry: Pick<ActivityEntry, 'actor'>, t: TFunction): string {
  return entry.actor?.name || entry.actor?.email || t('activity.unknownActor');
}

/**
 * What the detail's `field` names: the object's name of now, or its number where it has none any more ('no. 26'),
 * or an empty string where the detail names nothing.
 */
function objectOf(entry: Entry, field: string, t: TFunction): string {
  const name = entry.names[field];
  if (name) return name;
  const id = entry.detail[field];
  return typeof id === 'number' ? t('activity.numbered', { id }) : '';
}

/** The object the route acted on, or the one it created. */
const subjectOf = (entry: Entry, t: TFunction): string =>
  objectOf(entry, typeof entry.detail.created === 'number' ? 'created' : 'id', t);

/** The words a sentence fills in, by kind: the object, the machine, the file, the G-code, … */
function partsOf(entry: Entry, t: TFunction, language: string): Record<string, string> {
  const { detail } = entry;
  const machine =
    entry.machine ?? (entry.controller === null ? '' : t('activity.controller', { id: entry.controller }));
  const base = { actor: actorName(entry, t), machine, object: subjectOf(entry, t) };
  switch (entry.kind) {
    case 'board.gcode':
      return { ...base, gcode: text(detail.gcode) };
    case 'board.upload':
      return {
        ...base,
        file: text(detail.name),
        size: typeof detail.size === 'number' ? formatFileSize(detail.size, language) : '',
      };
    case 'board.move':
      return { ...base, from: text(detail.from), to: text(detail.to) };
    case 'board.delete':
    case 'board.mkdir':
      return { ...base, file: text(detail.name) };
    case 'library.upload':
    case 'library.delete':
      return { ...base, file: [text(detail.folder), text(detail.name)].filter(Boolean).join('/') };
    case 'board.plugin':
      return { ...base, request: text(detail.request) };
    case 'user.machines.assign':
      return { ...base, group: objectOf(entry, 'machine', t) };
    case 'user.machines.unassign':
      return { ...base, group: objectOf(entry, 'machineId', t) };
    case 'license.create':
    case 'license.update':
      return { ...base, business: objectOf(entry, 'business', t) };
    case 'license.activate':
      return { ...base, controller: objectOf(entry, 'computer', t) };
    case 'maintenance.override.set':
    case 'maintenance.override.remove':
    case 'maintenance.done':
      return { ...base, task: objectOf(entry, 'task', t), group: objectOf(entry, 'id', t) };
    default:
      return base;
  }
}

/** The sentence's key: most kinds have one; a decision reads as accepted or rejected. */
function sentenceKey(entry: Entry): string {
  if (entry.kind === 'serviceSession.decide') {
    return `activity.sentences.serviceSession.${entry.detail.accept === true ? 'accepted' : 'rejected'}`;
  }
  if (entry.kind === 'board.upload' && typeof entry.detail.size !== 'number') {
    return 'activity.sentences.board.uploadUnsized';
  }
  return `activity.sentences.${entry.kind}`;
}

/** A note the actor wrote with the action, read after the sentence: a done record's note, a decision's comment. */
function noteOf(entry: Entry): string {
  if (entry.kind === 'maintenance.done') return text(entry.detail.note).trim();
  if (entry.kind === 'serviceSession.decide') return text(entry.detail.comment).trim();
  if (entry.kind === 'serviceSession.request') return text(entry.detail.reason).trim();
  return '';
}

/**
 * An entry of the activity record as a sentence in the reader's language, naming people and objects by name:
 * "Marco Manager marked Nozzle done: cleaned", "Carla Cliente sent G-code to Prusa linea 1: G28".
 */
export function activitySentence(entry: Entry, t: TFunction, language: string): string {
  // The key is chosen by kind: the catalogs' test holds every kind's sentence in both languages.
  const say = t as unknown as (key: string, values: Record<string, string>) => string;
  const sentence = say(sentenceKey(entry), partsOf(entry, t, language));
  const note = noteOf(entry);
  return note ? t('activity.sentences.withNote', { sentence, note }) : sentence;
}

/** Board changes carry the board's answer; administrative actions the portal's, recorded only once done. */
const isBoardChange = (entry: Pick<ActivityEntry, 'kind'>): boolean => entry.kind.startsWith('board.');

/** Why a board refused, by its HTTP status, where a person can tell it apart. */
const REFUSALS: Record<number, string> = {
  401: 'notAllowed',
  403: 'notAllowed',
  404: 'notFound',
  409: 'conflict',
  503: 'busy',
};

/**
 * The answer to an entry in words: the board accepted or refused (and why: busy, not found, …), or no answer came;
 * an administrative action was done (the record keeps only those).
 */
export function activityOutcome(entry: Pick<ActivityEntry, 'kind' | 'outcome'>, t: TFunction): string {
  const { outcome } = entry;
  if (outcome === null) return t('activity.outcome.none');
  if (!isBoardChange(entry)) return t('activity.outcome.done');
  if (outcome < 400) return t('activity.outcome.accepted');
  const reason = REFUSALS[outcome];
  return reason
    ? t('activity.outcome.refused', {
        reason: t(`activity.outcome.reasons.${reason}` as 'activity.outcome.reasons.busy'),
      })
    : t('activity.outcome.refused', { reason: t('activity.outcome.reasons.status', { status: outcome }) });
}
