import { board } from '../../../../packages/board-sim/src/index.ts';

export const simulatedInATestHarness = board;
