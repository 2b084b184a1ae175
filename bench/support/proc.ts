/**
 * Memory and CPU of another process, read from Linux's /proc so that measuring never runs inside (or waits on)
 * the event loop being measured.
 */
import { readFileSync, writeFileSync } from 'node:fs';

/** /proc/<pid>/stat counts CPU time in USER_HZ ticks, which Linux fixes at 100 a second for user space. */
const USER_HZ = 100;
const MIB = 1024 * 1024;

function statusField(pid: number, field: 'VmRSS' | 'VmHWM'): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const match = new RegExp(`^${field}:\\s+(\\d+) kB$`, 'm').exec(status);
  if (!match) throw new Error(`no ${field} in /proc/${pid}/status`);
  return Number(match[1]) * 1024;
}

/** Resident memory (RSS) of a process, in bytes. */
export function residentBytes(pid: number): number {
  return statusField(pid, 'VmRSS');
}

/** User plus system CPU time a process (all its threads) has used so far, in milliseconds. */
export function cpuMilliseconds(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // The command name (field 2) may hold spaces: count fields from the parenthesis that closes it.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const ticks = Number(fields[11]) + Number(fields[12]); // utime and stime, fields 14 and 15 of stat
  return (ticks * 1000) / USER_HZ;
}

export interface MemoryGrowth {
  /** RSS when the watch started, in MiB. */
  baselineMiB: number;
  /** Highest RSS the kernel saw during the watch, in MiB. */
  peakMiB: number;
  /** peak - baseline, in MiB. */
  growthMiB: number;
}

/**
 * Watches the peak RSS of a process from now on: resets the kernel's high-water mark (VmHWM, by writing 5 to
 * clear_refs) so that even a peak between two looks is caught.
 */
export function watchPeakMemory(pid: number): { stop(): MemoryGrowth } {
  const baseline = residentBytes(pid);
  writeFileSync(`/proc/${pid}/clear_refs`, '5');
  return {
    stop() {
      const peak = Math.max(statusField(pid, 'VmHWM'), baseline);
      return { baselineMiB: baseline / MIB, peakMiB: peak / MIB, growthMiB: (peak - baseline) / MIB };
    },
  };
}

/** CPU a process uses over a window: call `stop()` at its end. */
export function watchCpu(pid: number): { stop(): { cpuMs: number; wallMs: number; percent: number } } {
  const cpuStart = cpuMilliseconds(pid);
  const wallStart = performance.now();
  return {
    stop() {
      const cpuMs = cpuMilliseconds(pid) - cpuStart;
      const wallMs = performance.now() - wallStart;
      return { cpuMs, wallMs, percent: (100 * cpuMs) / wallMs };
    },
  };
}

/**
 * Waits until a process has used under `percent` of one core for a whole `windowMs`, so that work left over from
 * one measurement (connections closing, events being published) does not run during the next; gives up quietly
 * after `timeoutMs`, since a shared machine may never be quiet.
 */
export async function untilQuiet(
  pid: number,
  percent = 5,
  windowMs = 500,
  timeoutMs = 30_000,
): Promise<void> {
  const deadline = performance.now() + timeoutMs;
  while (performance.now() < deadline) {
    const cpu = watchCpu(pid);
    await new Promise((resolve) => setTimeout(resolve, windowMs));
    if (cpu.stop().percent < percent) return;
  }
}

/**
 * Time the process's main thread (a Node.js process's event loop) has spent runnable but waiting for a CPU, in
 * milliseconds (/proc/<pid>/schedstat, second field): on a shared machine, how long other work kept it from running.
 */
function runQueueWaitMs(pid: number): number {
  return Number(readFileSync(`/proc/${pid}/schedstat`, 'utf8').split(' ')[1]) / 1e6;
}

/**
 * The CPU each of `pids` uses (all threads) and the time its main thread waits for a CPU, from now until `stop()`,
 * each as a percentage of the wall time: a process that waits much more than it runs was held back by the machine.
 */
export function watchCpuAndWait(pids: readonly number[]): {
  stop(): { cpuPercent: number; waitPercent: number }[];
} {
  const wallStart = performance.now();
  const cpuStart = pids.map(cpuMilliseconds);
  const waitStart = pids.map(runQueueWaitMs);
  return {
    stop() {
      const wallMs = performance.now() - wallStart;
      return pids.map((pid, index) => ({
        cpuPercent: (100 * (cpuMilliseconds(pid) - (cpuStart[index] as number))) / wallMs,
        waitPercent: (100 * (runQueueWaitMs(pid) - (waitStart[index] as number))) / wallMs,
      }));
    },
  };
}

/** The environment that has a portal write a CPU profile into `folder` when it exits; none without a folder. */
export function cpuProfileEnv(folder: string | undefined): Record<string, string> {
  return folder ? { NODE_OPTIONS: `--cpu-prof --cpu-prof-dir=${folder}` } : {};
}
