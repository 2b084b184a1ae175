import { describe, expect, it } from 'vitest';
import {
  defaultPreferences,
  KIND_OF_EVENT,
  NOTIFICATION_EVENTS,
  NOTIFICATION_KINDS,
  notificationPreferencesBodySchema,
} from './notifications.ts';

describe('notification preferences', () => {
  it('put every kind in the bell, mail what someone waits on, push as the older switches say', () => {
    const defaults = defaultPreferences({ ticketNotifications: true, machineNotifications: false });
    expect(Object.keys(defaults)).toEqual([...NOTIFICATION_KINDS]);
    for (const kind of NOTIFICATION_KINDS) expect(defaults[kind].inApp).toBe(true);
    const mailed = NOTIFICATION_KINDS.filter((kind) => defaults[kind].mail);
    expect(mailed).toEqual([
      'ticketCreated',
      'ticketAnswered',
      'ticketClosed',
      'serviceSession',
      'queueJobFailed',
      'jobFailed',
      'halted',
      'maintenanceDue',
      'licenceExpiring',
    ]);
    const pushed = NOTIFICATION_KINDS.filter((kind) => defaults[kind].push);
    expect(pushed).toEqual([
      'ticketCreated',
      'ticketAnswered',
      'ticketClosed',
      'serviceSession',
      'licenceExpiring',
    ]);
    const machinesOnly = defaultPreferences({ ticketNotifications: false, machineNotifications: true });
    expect(machinesOnly.ticketAnswered.push).toBe(false);
    expect(machinesOnly.halted.push).toBe(true);
  });

  it('file every event under one kind, and every kind has an event', () => {
    for (const event of NOTIFICATION_EVENTS) expect(NOTIFICATION_KINDS).toContain(KIND_OF_EVENT[event]);
    expect(new Set(Object.values(KIND_OF_EVENT))).toEqual(new Set(NOTIFICATION_KINDS));
  });

  it('take only known kinds and whole channel choices', () => {
    const ok = { preferences: { halted: { inApp: true, mail: false, push: true } }, language: 'en' };
    expect(notificationPreferencesBodySchema.safeParse(ok).success).toBe(true);
    expect(
      notificationPreferencesBodySchema.safeParse({ preferences: { other: ok.preferences.halted } }).success,
    ).toBe(false);
    expect(
      notificationPreferencesBodySchema.safeParse({ preferences: { halted: { inApp: true } } }).success,
    ).toBe(false);
  });
});
