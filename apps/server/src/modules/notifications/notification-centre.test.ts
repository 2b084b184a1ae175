import { defaultPreferences, type PushMessage } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import type { OutgoingMail } from '../../shared/mailer.ts';
import type { NewNotification, UserPreferences } from './notification-centre.repository.ts';
import { type Delivery, deliver, type NotificationCentreDeps, withPicture } from './notification-centre.ts';
import type { PushTarget } from './notifications.repository.ts';

const people = [
  { id: 1, email: 'uno@example.test', name: 'Uno' },
  { id: 2, email: 'due@example.test', name: 'Due' },
];

/** A database that keeps claims by (user, key), as the unique index does, and fixed choices per user. */
function fakes(choices: Map<number, UserPreferences>, snapshot: NotificationCentreDeps['snapshot']) {
  const claimed = new Set<string>();
  const stored: NewNotification[] = [];
  const mails: OutgoingMail[] = [];
  const pushes: { target: PushTarget; message: PushMessage }[] = [];
  const deps = {
    centre: {
      preferencesOf: async (ids: readonly number[]) =>
        new Map(ids.flatMap((id) => (choices.has(id) ? [[id, choices.get(id) as UserPreferences]] : []))),
      claim: async (rows: readonly NewNotification[]) => {
        const won = new Set<number>();
        for (const row of rows) {
          const key = `${row.userId}:${row.eventKey}`;
          if (claimed.has(key)) continue;
          claimed.add(key);
          stored.push(row);
          won.add(row.userId);
        }
        return won;
      },
    },
    repository: {
      subscriptionsOf: async (ids: readonly number[]) =>
        ids.map((userId) => ({
          userId,
          endpoint: `https://push.example/${userId}`,
          p256dh: 'k',
          auth: 'a',
          language: 'en',
        })),
    },
    sender: {
      send: async (target: PushTarget, message: PushMessage) => void pushes.push({ target, message }),
    },
    mailer: {
      send: async (mail: OutgoingMail) => {
        mails.push(mail);
        return { messageId: 'm' };
      },
      close: () => undefined,
    },
    clock: () => new Date('2026-11-28T10:00:00Z'),
    snapshot,
  } as unknown as NotificationCentreDeps;
  return { deps, stored, mails, pushes };
}

const halted = (key = 'halted:g3:1'): Delivery => ({
  event: 'halted',
  key,
  recipients: people,
  machineId: 3,
  subject: 'Prusa',
  controllerId: 9,
  push: (language) => ({
    title: 'Prusa',
    body: language,
    url: `/${language}/machines/3`,
    tag: 't',
    kind: 'halted',
  }),
  mail: (language, to) => ({ to: to.email, subject: `Prusa ${language}`, text: 'halted' }),
});

const defaults = defaultPreferences({ ticketNotifications: true, machineNotifications: true });

describe('delivering an event', () => {
  it('stores, mails and pushes once per user however often it is seen, each on their own channels', async () => {
    const choices = new Map<number, UserPreferences>([
      [1, { preferences: defaults, language: 'en' }],
      [
        2,
        { preferences: { ...defaults, halted: { inApp: false, mail: false, push: true } }, language: null },
      ],
    ]);
    const { deps, stored, mails, pushes } = fakes(choices, async () => null);
    await deliver(deps, halted());
    await deliver(deps, halted());
    expect(stored.map((row) => [row.userId, row.shown])).toEqual([
      [1, true],
      [2, false],
    ]);
    expect(mails.map((mail) => [mail.to, mail.subject])).toEqual([['uno@example.test', 'Prusa en']]);
    expect(pushes.map((each) => each.target.userId)).toEqual([1, 2]);
  });

  it('stores nothing for someone who turned every channel off', async () => {
    const off = { inApp: false, mail: false, push: false };
    const { deps, stored } = fakes(
      new Map([[1, { preferences: { ...defaults, halted: off }, language: null }]]),
      async () => null,
    );
    await deliver(deps, { ...halted(), recipients: [people[0] as (typeof people)[0]] });
    expect(stored).toEqual([]);
  });

  it("sends the mail with the camera's frame, and without it when the camera fails", async () => {
    const choices = new Map<number, UserPreferences>([[1, { preferences: defaults, language: 'it' }]]);
    const jpeg = Buffer.from([0xff, 0xd8, 0xff, 0xd9]);
    const withCamera = fakes(choices, async () => jpeg);
    await deliver(withCamera.deps, { ...halted(), recipients: [people[0] as (typeof people)[0]] });
    expect(withCamera.mails[0]?.attachments?.[0]).toMatchObject({ filename: 'webcam.jpg', content: jpeg });
    expect(withCamera.mails[0]?.html).toContain('cid:webcam-snapshot@portal');

    const failing = fakes(choices, async () => {
      throw new Error('camera gone');
    });
    await deliver(failing.deps, { ...halted(), recipients: [people[0] as (typeof people)[0]] });
    expect(failing.mails).toHaveLength(1);
    expect(failing.mails[0]?.attachments).toBeUndefined();
  });

  it('escapes the text it shows as HTML', () => {
    const mail = withPicture({ to: 'a@b.test', subject: 's', text: '<b>&' }, Buffer.alloc(1));
    expect(mail.html).toContain('&#60;b&#62;&#38;');
  });
});
