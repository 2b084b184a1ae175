export { controlPageFiles } from './control-page/build.ts';
export type { RunningWebcam, WebcamFaults, WebcamOptions, WebcamStats } from './webcam/webcam.ts';
export { startWebcam } from './webcam/webcam.ts';
