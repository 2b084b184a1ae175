// apps-apart: the gateway importing server code
import { now } from '../../server/src/shared/clock.ts';

export const serverTime = now;
