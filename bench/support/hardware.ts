/**
 * The machine under test in a process of its own, so that it takes no CPU from the bench's own event loop: a
 * simulated standalone board (firmware 3.6, printing) with a large file on its SD card, and a webcam.
 */
import { fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { startBoard, startWebcam } from '@portal/board-sim';

/** Where the large file lies on the board's SD card. */
export const DOWNLOAD_PATH = '0:/gcodes/bench-download.gcode';

export interface Hardware {
  boardUrl: string;
  webcamUrl: string;
  pid: number;
  stop(): Promise<void>;
}

interface Ready {
  boardUrl: string;
  webcamUrl: string;
}

/** Starts the board and webcam process with a file of `downloadBytes` random bytes at DOWNLOAD_PATH. */
export async function startHardware(downloadBytes: number): Promise<Hardware> {
  const child = fork(fileURLToPath(import.meta.url), [String(downloadBytes)], { stdio: 'inherit' });
  const [ready] = (await Promise.race([
    once(child, 'message'),
    once(child, 'exit').then(([code]) => {
      throw new Error(`the board process exited with ${code}`);
    }),
  ])) as [Ready];
  return {
    ...ready,
    pid: child.pid as number,
    async stop() {
      if (child.exitCode !== null) return;
      const exited = once(child, 'exit');
      child.disconnect();
      await exited;
    },
  };
}

async function main(): Promise<void> {
  const board = await startBoard({ firmware: '3.6', initial: 'printing' });
  board.sd.write(DOWNLOAD_PATH, randomBytes(Number(process.argv[2])));
  const webcam = await startWebcam({ label: 'bench' });
  process.send?.({ boardUrl: board.url, webcamUrl: webcam.url } satisfies Ready);
  // The bench going away (or disconnecting on purpose) ends this process.
  process.once('disconnect', () => {
    void Promise.all([board.close(), webcam.close()]).then(() => process.exit(0));
  });
}

if (import.meta.main) await main();
