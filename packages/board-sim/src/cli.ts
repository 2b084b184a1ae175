#!/usr/bin/env node
/**
 * `board-sim`: runs simulated boards and webcams until SIGINT or SIGTERM, printing the URL of each.
 *   npx board-sim --boards 3 --webcams 2 --firmware 3.5 --mode sbc --port 9000
 *   npx board-sim --fleet fleet.json
 */
import { CommanderError } from 'commander';
import { type FleetPlan, parseCommandLine } from './cli-options.ts';
import { startBoard, startWebcam } from './index.ts';

interface Closable {
  close(): Promise<void>;
}

async function startFleet(plan: FleetPlan, running: Closable[]): Promise<void> {
  for (const options of plan.boards) {
    const board = await startBoard(options);
    running.push(board);
    const { name, firmware, mode } = board.options;
    console.log(`board   ${board.url}/  ${name} (RepRapFirmware ${firmware}, ${mode})`);
  }
  for (const options of plan.webcams) {
    const webcam = await startWebcam(options);
    running.push(webcam);
    console.log(`webcam  ${webcam.url}/?action=stream  ${options.label ?? ''}`.trimEnd());
  }
}

async function main(): Promise<void> {
  let plan: FleetPlan;
  try {
    plan = parseCommandLine(process.argv.slice(2));
  } catch (error) {
    // Commander has already printed the help or the error.
    if (error instanceof CommanderError) {
      process.exitCode = error.exitCode;
      return;
    }
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 2;
    return;
  }

  const running: Closable[] = [];
  let stopping = false;
  const stop = async (): Promise<void> => {
    if (stopping) return;
    stopping = true;
    await Promise.allSettled(running.map((item) => item.close()));
  };
  // Once: a second Ctrl-C gets Node's default handling and ends the process at once.
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      console.log(`${signal}: stopping`);
      void stop();
    });
  }

  try {
    await startFleet(plan, running);
  } catch (error) {
    console.error(`Could not start the fleet: ${error instanceof Error ? error.message : error}`);
    process.exitCode = 1;
    await stop();
    return;
  }
  console.log(`Running ${plan.boards.length} board(s) and ${plan.webcams.length} webcam(s); Ctrl-C stops.`);
}

await main();
