// server-plugins-know-no-modules
import { sessionEvents } from '../modules/auth/session-events.ts';

export const authenticate = sessionEvents;
