// packages-below-apps
import { now } from '../../../apps/server/src/shared/clock.ts';

export const appTime = now;
