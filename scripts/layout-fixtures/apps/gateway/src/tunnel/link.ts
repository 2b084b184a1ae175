// gateway-tunnel-relay-apart: tunnel/ importing relay/
import { relay } from '../relay/board.ts';

export const link = relay;
