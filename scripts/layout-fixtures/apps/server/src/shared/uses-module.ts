// server-shared-at-the-bottom
import { sessionEvents } from '../modules/auth/session-events.ts';

export const sharedEvents = sessionEvents;
