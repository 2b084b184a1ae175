import { describe, expect, it } from 'vitest';
import { STATISTICS_PATH } from '../sd/seed-statistics.ts';
import { createMachine } from '../test/machine-fixture.ts';
import { BOOT_MS, type Machine } from './machine.ts';

function booted(mode: 'standalone' | 'sbc' = 'standalone') {
  const fixture = createMachine('3.6', mode);
  fixture.machine.advance(BOOT_MS);
  return fixture;
}

function job(machine: Machine) {
  return machine.rrfModel().job as Record<string, unknown> & {
    file: Record<string, unknown>;
    timesLeft: Record<string, unknown>;
  };
}

/** Runs G-code and returns its reply once the simulated time it needs has passed. */
async function run(machine: Machine, code: string, advanceMs = 0): Promise<string> {
  const reply = machine.execute(code, { logReply: true });
  if (advanceMs > 0) machine.advance(advanceMs);
  return reply;
}

/** Starts a print of the short seeded file and lets it warm up. */
async function printing(machine: Machine): Promise<void> {
  await run(machine, 'M32 "Supporto_sensore.gcode"');
  machine.advance(600_000);
}

describe('machine status through the G-codes that cause it', () => {
  it('boots in starting, then is idle', () => {
    const { machine } = createMachine();
    expect(machine.status).toBe('starting');
    machine.advance(BOOT_MS);
    expect(machine.status).toBe('idle');
  });

  it('prints a file with M32: processing, progress over time, then idle with the last file set', async () => {
    const { machine, sd } = booted();
    const statisticsBefore = sd.read(STATISTICS_PATH)?.length ?? 0;
    expect(await run(machine, 'M32 "Supporto_sensore.gcode"')).toBe(
      'File 0:/gcodes/Supporto_sensore.gcode selected for printing',
    );
    expect(machine.status).toBe('processing');
    expect(job(machine).file.fileName).toBe('0:/gcodes/Supporto_sensore.gcode');
    machine.advance(600_000);
    const early = { ...job(machine) };
    machine.advance(300_000);
    const later = job(machine);
    expect(later.filePosition as number).toBeGreaterThan(early.filePosition as number);
    expect(later.duration as number).toBeGreaterThan(early.duration as number);
    expect(later.layer as number).toBeGreaterThan(0);
    expect(later.timesLeft.file as number).toBeLessThan(early.timesLeft.file as number);
    expect(later.warmUpDuration as number).toBeGreaterThan(0);
    machine.advance(2_000_000);
    expect(machine.status).toBe('idle');
    const done = job(machine);
    expect(done.file.fileName).toBeNull();
    expect(done.lastFileName).toBe('0:/gcodes/Supporto_sensore.gcode');
    expect(done.lastDuration as number).toBeGreaterThan(1500);
    expect(done.duration).toBeNull();
    expect(sd.read(STATISTICS_PATH)?.length).toBeGreaterThan(statisticsBefore);
    expect(new TextDecoder().decode(sd.read(STATISTICS_PATH)).trimEnd().split('\n').at(-1)).toMatch(
      /,Supporto_sensore\.gcode,.*,Completata$/,
    );
  });

  it('selects with M23 and starts with M24', async () => {
    const { machine } = booted();
    expect(await run(machine, 'M24')).toMatch(/^Error: M24/);
    await run(machine, 'M23 calibration_cube_20mm.gcode');
    expect(machine.status).toBe('idle');
    await run(machine, 'M24');
    expect(machine.status).toBe('processing');
  });

  it('heats towards the file setpoints while warming up', async () => {
    const { machine } = booted();
    await run(machine, 'M32 "Staffa_motore_PETG.gcode"');
    const heaters = () => machine.model.heat.heaters;
    expect(heaters()[0]?.active).toBe(80);
    expect(heaters()[1]?.active).toBe(240);
    machine.advance(30_000);
    const warming = heaters()[1]?.current ?? 0;
    expect(warming).toBeGreaterThan(100);
    expect(warming).toBeLessThan(240);
    expect(job(machine).filePosition).toBe(0);
    machine.advance(600_000);
    expect(Math.abs((heaters()[1]?.current ?? 0) - 240)).toBeLessThan(1);
  });

  it('pauses with M25 (pausing, then paused) and resumes with M24 (resuming, then processing)', async () => {
    const { machine } = booted();
    await printing(machine);
    await run(machine, 'M25');
    expect(machine.status).toBe('pausing');
    machine.advance(2000);
    expect(machine.status).toBe('paused');
    const position = job(machine).filePosition;
    machine.advance(60_000);
    expect(job(machine).filePosition).toBe(position);
    expect(job(machine).pauseDuration as number).toBeGreaterThanOrEqual(60);
    await run(machine, 'M24');
    expect(machine.status).toBe('resuming');
    machine.advance(2000);
    expect(machine.status).toBe('processing');
  });

  it('cancels a paused print with M0: cancelling, then idle with the last file and duration', async () => {
    const { machine } = booted();
    await printing(machine);
    expect(await run(machine, 'M0')).toMatch(/^Error: M0: Pause the print/);
    await run(machine, 'M25', 2000);
    await run(machine, 'M0');
    expect(machine.status).toBe('cancelling');
    machine.advance(1500);
    expect(machine.status).toBe('idle');
    expect(job(machine).lastFileName).toBe('0:/gcodes/Supporto_sensore.gcode');
    expect(job(machine).lastDuration as number).toBeGreaterThan(0);
    expect(job(machine).file.fileName).toBeNull();
    expect(machine.model.heat.heaters[1]?.state).toBe('off');
  });

  it('cancels with M1 as well', async () => {
    const { machine } = booted();
    await printing(machine);
    await run(machine, 'M25', 2000);
    await run(machine, 'M1', 1500);
    expect(machine.status).toBe('idle');
  });

  it('simulates a file with M37 without heating, then reports the simulated time', async () => {
    const { machine } = booted();
    await run(machine, 'M37 P"Staffa_motore_PETG.gcode"');
    expect(machine.status).toBe('simulating');
    expect(machine.model.heat.heaters[1]?.state).toBe('off');
    machine.advance(60_000);
    expect(job(machine).filePosition as number).toBeGreaterThan(0);
    machine.advance(300_000);
    expect(machine.status).toBe('idle');
    expect(machine.replies.since(0)).toMatch(/will print in 2h 15m/);
    expect(machine.fileInfo('Staffa_motore_PETG.gcode')?.simulatedTime).toBe(8107);
  });

  it('halts with M112 at once, even behind queued commands, and M999 resets through starting', async () => {
    const { machine } = booted();
    await printing(machine);
    const queued = machine.execute('G4 S100', { logReply: true });
    await run(machine, 'M112');
    await expect(queued).resolves.toBe('');
    expect(machine.status).toBe('halted');
    expect(job(machine).lastFileName).toBe('0:/gcodes/Supporto_sensore.gcode');
    expect(await run(machine, 'G28')).toMatch(/halted/);
    const upTimeBefore = machine.model.state.upTime;
    await run(machine, 'M999');
    expect(machine.status).toBe('starting');
    expect(machine.model.state.upTime).toBeLessThan(upTimeBefore);
    machine.advance(BOOT_MS);
    expect(machine.status).toBe('idle');
  });

  it("takes DWC's emergency stop (M112 and M999 in one request) straight back to starting", async () => {
    const { machine } = booted();
    await printing(machine);
    await run(machine, 'M112\nM999');
    expect(machine.status).toBe('starting');
    expect(job(machine).file.fileName).toBeNull();
  });

  it('on an SBC shows disconnected while the board resets', async () => {
    const { machine } = booted('sbc');
    const reset = run(machine, 'M999');
    expect(machine.status).toBe('disconnected');
    machine.advance(1000);
    await reset;
    expect(machine.status).toBe('starting');
    machine.advance(BOOT_MS);
    expect(machine.status).toBe('idle');
  });

  it('changes tool with T (changingTool for a moment)', async () => {
    const { machine } = booted();
    const change = run(machine, 'T0');
    expect(machine.status).toBe('changingTool');
    machine.advance(1200);
    await change;
    expect(machine.status).toBe('idle');
    expect(machine.model.state.currentTool).toBe(0);
    expect(await run(machine, 'T7')).toMatch(/Invalid tool/);
    expect(await run(machine, 'T')).toBe('Tool 0 is selected');
    await run(machine, 'T-1', 1200);
    expect(machine.model.state.currentTool).toBe(-1);
  });

  it('is busy while homing with G28 and while a macro runs with M98', async () => {
    const { machine } = booted();
    const homing = run(machine, 'G28');
    expect(machine.status).toBe('busy');
    machine.advance(3000);
    await homing;
    expect(machine.status).toBe('idle');
    expect(machine.model.move.axes.every((axis) => axis.homed)).toBe(true);
    const macro = run(machine, 'M98 P"0:/macros/Preriscalda PLA.g"');
    expect(machine.status).toBe('busy');
    machine.advance(1000);
    await macro;
    expect(machine.status).toBe('idle');
    expect(machine.model.heat.heaters[0]?.active).toBe(60);
    expect(machine.model.state.displayMessage).toBe('Preriscaldamento PLA');
    expect(await run(machine, 'M98 P"missing.g"')).toMatch(/not found/);
  });

  it('waits with M109 until the hotend is hot (busy)', async () => {
    const { machine } = booted();
    let done = false;
    const wait = run(machine, 'M109 S200').then(() => {
      done = true;
    });
    expect(machine.status).toBe('busy');
    machine.advance(10_000);
    await Promise.resolve();
    expect(done).toBe(false);
    machine.advance(300_000);
    await wait;
    expect(machine.status).toBe('idle');
  });

  it('goes off with M81 and back with M80; updates firmware with M997', async () => {
    const { machine } = booted();
    await run(machine, 'M81');
    expect(machine.status).toBe('off');
    await run(machine, 'M80');
    expect(machine.status).toBe('idle');
    const update = run(machine, 'M997');
    expect(machine.status).toBe('updating');
    machine.advance(5000);
    await update;
    expect(machine.status).toBe('starting');
  });

  it('sets temperatures (M104/M140), messages (M117) and answers reports (M114, M115)', async () => {
    const { machine } = booted();
    await run(machine, 'M140 S55\nM104 S190 T0\nM117 Hello');
    expect(machine.model.heat.heaters[0]?.active).toBe(55);
    expect(machine.model.heat.heaters[1]?.active).toBe(190);
    expect(machine.model.state.displayMessage).toBe('Hello');
    expect(await run(machine, 'M114')).toMatch(/^X:0\.000 Y:0\.000 Z:0\.000/);
    expect(await run(machine, 'M115')).toMatch(/FIRMWARE_VERSION: 3\.6\.1/);
    expect(await run(machine, 'hello')).toBe('Error: Bad command: hello');
    expect(await run(machine, 'G1 X10')).toMatch(/insufficient axes homed/);
  });
});

describe('carriage returns, read as the firmware reads them', () => {
  it('ends a console line at CR on RRF and drops CR on DSF', async () => {
    const rrf = booted('standalone').machine;
    await run(rrf, 'M140 S55\rM104 S190 T0');
    expect(rrf.model.heat.heaters[0]?.active).toBe(55);
    expect(rrf.model.heat.heaters[1]?.active).toBe(190);
    expect(await run(rrf, 'M9\r97')).not.toBe('');
    expect(rrf.status).not.toBe('updating');

    const dsf = booted('sbc').machine;
    void run(dsf, 'M9\r97');
    expect(dsf.status).toBe('updating');
  });

  it('drops CR in a macro file: a CRLF file runs line by line, `M9\\r97` is M997', async () => {
    const { machine, sd } = booted();
    sd.write('0:/macros/crlf.g', new TextEncoder().encode('M140 S55\r\nM104 S190 T0\r\n'));
    await run(machine, 'M98 P"0:/macros/crlf.g"', 1000);
    expect(machine.model.heat.heaters[0]?.active).toBe(55);
    expect(machine.model.heat.heaters[1]?.active).toBe(190);
    sd.write('0:/macros/evil.g', new TextEncoder().encode('M9\r97\n'));
    void run(machine, 'M98 P"0:/macros/evil.g"');
    machine.advance(1000);
    expect(machine.status).toBe('updating');
  });
});

describe('seqs', () => {
  it('bumps a key when its non-live fields change, not for live ones', async () => {
    const { machine } = booted();
    const seqs = () => ({ ...(machine.rrfModel().seqs as Record<string, number>) });
    const before = seqs();
    await run(machine, 'M140 S60');
    machine.advance(10_000);
    expect(seqs().heat).toBe(before.heat);
    await run(machine, 'G28', 3000);
    expect(seqs().move).toBeGreaterThan(before.move as number);
    await run(machine, 'M117 "Ciao"');
    expect(seqs().state).toBeGreaterThan(before.state as number);
    await run(machine, 'M32 "Supporto_sensore.gcode"');
    expect(seqs().job).toBeGreaterThan(before.job as number);
  });

  it('bumps reply for every command, and volChanges for every file change', async () => {
    const { machine, sd } = booted();
    const seqs = () => machine.rrfModel().seqs as { reply: number; volChanges: number[] };
    const { reply, volChanges } = seqs();
    await run(machine, 'G90');
    expect(seqs().reply).toBe(reply + 1);
    sd.write('0:/gcodes/new.gcode', new Uint8Array([1]));
    expect(seqs().volChanges[0]).toBe((volChanges[0] as number) + 1);
  });

  it('shows a bump at once, without waiting for another change', () => {
    const { machine, sd } = booted();
    const volumesSeq = () => (machine.rrfModel().seqs as { volumes: number }).volumes;
    const before = volumesSeq();
    sd.write('0:/gcodes/bigger.gcode', new Uint8Array(1000));
    expect(volumesSeq()).toBe(before + 1);
  });
});

describe('demo scenarios', () => {
  it('start a board printing part-way, paused, halted or simulating', () => {
    const expectations = {
      printing: 'processing',
      paused: 'paused',
      halted: 'halted',
      simulating: 'simulating',
    } as const;
    for (const [scenario, status] of Object.entries(expectations)) {
      const { machine } = createMachine();
      machine.applyScenario(scenario as keyof typeof expectations);
      expect(machine.status).toBe(status);
      if (scenario === 'printing' || scenario === 'paused') {
        const progress = Number(job(machine).filePosition) / Number(job(machine).file.size);
        expect(progress).toBeGreaterThan(0.3);
        expect(progress).toBeLessThan(0.5);
        expect(machine.model.heat.heaters[1]?.current).toBeGreaterThan(200);
      }
    }
  });
});
