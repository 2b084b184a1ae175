import { z } from 'zod';
import { idParamSchema } from './ids.ts';
import { optionalText, requiredText } from './validation.ts';

/**
 * Remote service with the customer's consent (docs/design.md §11). A business may require that people outside it
 * (the operator's administrators and technicians) change its machines only in a service session its people
 * accepted; a session is asked for from a ticket, for the ticket's machine, for 1 hour to 7 days.
 */
export const SERVICE_SESSION_HOURS = { min: 1, max: 168 } as const;
/** The longest reason and decision comment. */
export const SERVICE_SESSION_TEXT_MAX = 1000;

/**
 * What a session is now: asked for and waiting (`requested`), refused (`rejected`), taken back by whoever asked
 * (`withdrawn`), open (`active`), ended early by someone (`ended`) or past its time (`expired`).
 */
export const SERVICE_SESSION_STATES = [
  'requested',
  'active',
  'rejected',
  'withdrawn',
  'ended',
  'expired',
] as const;
export const serviceSessionStateSchema = z.enum(SERVICE_SESSION_STATES);
export type ServiceSessionState = z.infer<typeof serviceSessionStateSchema>;

/** What the database keeps of a session's course; `active` and `expired` are an accepted session read at a time. */
export type StoredServiceSessionState = 'requested' | 'accepted' | 'rejected' | 'withdrawn' | 'ended';

/** A session's state at `now` (ms): an accepted session is active until its end, expired after it. */
export function serviceSessionStateAt(
  stored: StoredServiceSessionState,
  endsAt: number | null,
  now: number,
): ServiceSessionState {
  if (stored !== 'accepted') return stored;
  return endsAt !== null && now < endsAt ? 'active' : 'expired';
}

/** A session still to be decided or still open: one of them per person and machine at a time. */
export const isOpenServiceSession = (state: ServiceSessionState): boolean =>
  state === 'requested' || state === 'active';

/** A person named on a session (who asked, decided or ended it); null once the user is gone. */
export const servicePersonSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  surname: z.string(),
});
export type ServicePerson = z.infer<typeof servicePersonSchema>;

/** A service session, as the API answers it. */
export const serviceSessionSchema = z.object({
  id: z.number().int(),
  /** The ticket it was asked for from (null once the ticket was deleted). */
  ticket: z.number().int().nullable(),
  /** The machine: its controller, its machine group and the group's name (null once gone). */
  controller: z.number().int(),
  machine: z.number().int().nullable(),
  machineName: z.string().nullable(),
  /** The business whose consent it is. */
  business: z.number().int(),
  requester: servicePersonSchema.nullable(),
  reason: z.string(),
  hours: z.number().int(),
  state: serviceSessionStateSchema,
  requestedAt: z.iso.datetime(),
  decidedAt: z.iso.datetime().nullable(),
  decidedBy: servicePersonSchema.nullable(),
  comment: z.string().nullable(),
  /** When an accepted session ends (or ended) by itself. */
  endsAt: z.iso.datetime().nullable(),
  /** When it was ended early or withdrawn, and by whom. */
  endedAt: z.iso.datetime().nullable(),
  endedBy: servicePersonSchema.nullable(),
});
export type ServiceSession = z.infer<typeof serviceSessionSchema>;
export const serviceSessionListSchema = z.array(serviceSessionSchema);

/** POST /api/v1/tickets/{id}/service-sessions: why, and for how long. */
export const serviceSessionRequestBodySchema = z.object({
  reason: requiredText(SERVICE_SESSION_TEXT_MAX),
  hours: z.number().int().min(SERVICE_SESSION_HOURS.min).max(SERVICE_SESSION_HOURS.max),
});
export type ServiceSessionRequestBody = z.input<typeof serviceSessionRequestBodySchema>;

/** POST /api/v1/service-sessions/{id}/decision: accepted or rejected, with a comment (optional). */
export const serviceSessionDecisionBodySchema = z.object({
  accept: z.boolean(),
  comment: optionalText(SERVICE_SESSION_TEXT_MAX),
});
export type ServiceSessionDecisionBody = z.input<typeof serviceSessionDecisionBodySchema>;

/**
 * GET /api/v1/service-sessions: the sessions the caller sees, newest first; `controller` one machine's,
 * `ticket` one ticket's, `open` only those requested or active, `awaiting` only the requests the caller may decide.
 */
export const serviceSessionQuerySchema = z.object({
  controller: idParamSchema.optional(),
  ticket: idParamSchema.optional(),
  open: z.enum(['true', 'false']).optional(),
  awaiting: z.enum(['true', 'false']).optional(),
});
export type ServiceSessionQuery = z.input<typeof serviceSessionQuerySchema>;

/** GET and PUT /api/v1/business/{id}/service-consent: whether outside staff need an accepted session. */
export const serviceConsentSchema = z.object({ required: z.boolean() });
export type ServiceConsent = z.infer<typeof serviceConsentSchema>;

/**
 * The setting as answered, with whether the reader's own account is one the operator's staff created or changed
 * and its owner has not yet confirmed through password recovery: such an account may not change it.
 */
export const serviceConsentAnswerSchema = serviceConsentSchema.extend({ ownerUnconfirmed: z.boolean() });
export type ServiceConsentAnswer = z.infer<typeof serviceConsentAnswerSchema>;
