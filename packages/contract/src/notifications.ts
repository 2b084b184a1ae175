import { z } from 'zod';
import { LANGUAGES } from './constants.ts';

/**
 * The notification centre (docs/product.md §10): what a user can be told about, grouped in the kinds
 * they choose channels for, and the items of their bell.
 */

/** The kinds a user chooses channels for, in the order the preferences screen lists them. */
export const NOTIFICATION_KINDS = [
  'ticketCreated',
  'ticketAnswered',
  'ticketClosed',
  'serviceSession',
  'queueJobStarted',
  'queueJobFinished',
  'queueJobFailed',
  'jobFinished',
  'jobFailed',
  'halted',
  'connection',
  'maintenanceDue',
  'licenceExpiring',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];
export const notificationKindSchema = z.enum(NOTIFICATION_KINDS);

/** Where a notification goes: the bell, a mail, the browsers' push. */
export const NOTIFICATION_CHANNELS = ['inApp', 'mail', 'push'] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];

/** What one item of the bell is about: each belongs to one kind. */
export const NOTIFICATION_EVENTS = [
  'ticketCreated',
  'ticketAnswered',
  'ticketClosed',
  'ticketReopened',
  'serviceRequested',
  'serviceAccepted',
  'serviceRejected',
  'serviceEnded',
  'queueJobStarted',
  'queueJobFinished',
  'queueJobFailed',
  'jobFinished',
  'jobFailed',
  'halted',
  'boardOffline',
  'boardOnline',
  'gatewayOffline',
  'gatewayOnline',
  'maintenanceDue',
  'licenceExpiring',
] as const;
export type NotificationEvent = (typeof NOTIFICATION_EVENTS)[number];

/** The kind each event's preferences are chosen under. */
export const KIND_OF_EVENT: Record<NotificationEvent, NotificationKind> = {
  ticketCreated: 'ticketCreated',
  ticketAnswered: 'ticketAnswered',
  ticketClosed: 'ticketClosed',
  ticketReopened: 'ticketClosed',
  serviceRequested: 'serviceSession',
  serviceAccepted: 'serviceSession',
  serviceRejected: 'serviceSession',
  serviceEnded: 'serviceSession',
  queueJobStarted: 'queueJobStarted',
  queueJobFinished: 'queueJobFinished',
  queueJobFailed: 'queueJobFailed',
  jobFinished: 'jobFinished',
  jobFailed: 'jobFailed',
  halted: 'halted',
  boardOffline: 'connection',
  boardOnline: 'connection',
  gatewayOffline: 'connection',
  gatewayOnline: 'connection',
  maintenanceDue: 'maintenanceDue',
  licenceExpiring: 'licenceExpiring',
};

/** The channels of one kind. */
export const channelChoiceSchema = z.strictObject({
  inApp: z.boolean(),
  mail: z.boolean(),
  push: z.boolean(),
});
export type ChannelChoice = z.infer<typeof channelChoiceSchema>;

/** Every kind's channels. */
export const notificationPreferencesSchema = z.object(
  Object.fromEntries(NOTIFICATION_KINDS.map((kind) => [kind, channelChoiceSchema])) as Record<
    NotificationKind,
    typeof channelChoiceSchema
  >,
);
export type NotificationPreferences = z.infer<typeof notificationPreferencesSchema>;

/**
 * PUT /api/v1/notifications/preferences: the kinds to change (the others keep theirs), and the language the page is
 * in, in which the user's mails are written from then on.
 */
export const notificationPreferencesBodySchema = z.strictObject({
  preferences: notificationPreferencesSchema.partial().strict(),
  language: z.enum(LANGUAGES).optional(),
});
export type NotificationPreferencesBody = z.input<typeof notificationPreferencesBodySchema>;

/** The kinds whose mail is on until the user says otherwise: what someone waits on or must act on. */
const MAIL_BY_DEFAULT: ReadonlySet<NotificationKind> = new Set([
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
const TICKET_KINDS: ReadonlySet<NotificationKind> = new Set([
  'ticketCreated',
  'ticketAnswered',
  'ticketClosed',
]);
const MACHINE_KINDS: ReadonlySet<NotificationKind> = new Set([
  'queueJobStarted',
  'queueJobFinished',
  'queueJobFailed',
  'jobFinished',
  'jobFailed',
  'halted',
  'connection',
  'maintenanceDue',
]);

/**
 * A user's channels before they choose: the bell for every kind; mail for what someone waits on or must act on;
 * push as the user's two older switches say (tickets, machines), and on for the rest.
 */
export function defaultPreferences(push: {
  ticketNotifications: boolean;
  machineNotifications: boolean;
}): NotificationPreferences {
  const pushOf = (kind: NotificationKind) =>
    TICKET_KINDS.has(kind)
      ? push.ticketNotifications
      : MACHINE_KINDS.has(kind)
        ? push.machineNotifications
        : true;
  return Object.fromEntries(
    NOTIFICATION_KINDS.map((kind) => [
      kind,
      { inApp: true, mail: MAIL_BY_DEFAULT.has(kind), push: pushOf(kind) },
    ]),
  ) as NotificationPreferences;
}

/** One item of the bell: what happened, about which object, when, and whether it was read. */
export const notificationItemSchema = z.object({
  id: z.number().int(),
  event: z.enum(NOTIFICATION_EVENTS),
  /** The ticket, machine group or licence it is about (by `event`). */
  ticketId: z.number().int().nullable(),
  machineId: z.number().int().nullable(),
  licenceId: z.number().int().nullable(),
  /** The business a licence belongs to, whose licences tab the item opens. */
  businessId: z.number().int().nullable(),
  /** The name that identifies the object as it was then: a ticket's title, a machine's name, a task. */
  subject: z.string(),
  /** A detail: the finished file, the maintenance task, the licence's end date. */
  detail: z.string().nullable(),
  createdAt: z.iso.datetime(),
  read: z.boolean(),
});
export type NotificationItem = z.infer<typeof notificationItemSchema>;

/** GET /api/v1/notifications: the newest items (at most `limit`) and how many are unread in all. */
export const notificationListQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(20),
});
export const notificationListSchema = z.object({
  items: z.array(notificationItemSchema),
  unread: z.number().int().min(0),
});
export type NotificationList = z.infer<typeof notificationListSchema>;
