export {
  type BoardOptions,
  type BoardScenario,
  type ResolvedBoardOptions,
  type RunningBoard,
  startBoard,
  TICK_MS,
} from './board.ts';
export { controlPageFiles } from './control-page/build.ts';
export type { BoardFaults } from './http/faults.ts';
export { BOOT_MS } from './machine/machine.ts';
export type { SdCard, SdEntry } from './sd/sd-card.ts';
export { MAINTENANCE_PATH, STATISTICS_PATH, statisticsRow } from './sd/seed-statistics.ts';
export type { RunningWebcam, WebcamFaults, WebcamOptions, WebcamStats } from './webcam/webcam.ts';
export { startWebcam } from './webcam/webcam.ts';
