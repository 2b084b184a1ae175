// gateway-tunnel-knows-no-duet
import { duet } from '../../../../packages/duet/src/index.ts';

export const frames = duet;
