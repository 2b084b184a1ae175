// board-sim-for-tests-demo-and-benchmarks: the app itself reaching for the simulated board
import { board } from '../../../packages/board-sim/src/index.ts';

export const simulated = board;
