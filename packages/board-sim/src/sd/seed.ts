import type { SdCard } from './sd-card.ts';
import { seedGcodeFiles } from './seed-gcodes.ts';
import {
  MAINTENANCE_PATH,
  STATISTICS_PATH,
  seedMaintenanceCsv,
  seedStatisticsCsv,
} from './seed-statistics.ts';

const encoder = new TextEncoder();

function configG(machineName: string): string {
  return `; Configuration file for the simulated printer (RepRapFirmware 3)
; General preferences
G90                                         ; send absolute coordinates...
M83                                         ; ...but relative extruder moves
M550 P"${machineName.replaceAll('"', "'")}"  ; set printer name

; Network
M552 S1                                     ; enable network
M586 P0 S1                                  ; enable HTTP
M586 P1 S0                                  ; disable FTP
M586 P2 S0                                  ; disable Telnet

; Drives
M569 P0.0 S1                                ; X goes forwards
M569 P0.1 S1                                ; Y goes forwards
M569 P0.2 S1                                ; Z goes forwards
M569 P0.3 S1                                ; E0 goes forwards
M584 X0.0 Y0.1 Z0.2 E0.3                    ; set drive mapping
M350 X16 Y16 Z16 E16 I1                     ; configure microstepping with interpolation
M92 X80.00 Y80.00 Z400.00 E420.00           ; set steps per mm
M566 X900.00 Y900.00 Z60.00 E120.00         ; set maximum instantaneous speed changes (mm/min)
M203 X12000.00 Y12000.00 Z1200.00 E1200.00  ; set maximum speeds (mm/min)
M201 X1000.00 Y1000.00 Z200.00 E5000.00     ; set accelerations (mm/s^2)
M906 X800 Y800 Z800 E600 I30                ; set motor currents (mA) and motor idle factor in per cent
M84 S30                                     ; set idle timeout

; Axis limits
M208 X0 Y0 Z0 S1                            ; set axis minima
M208 X300 Y300 Z350 S0                      ; set axis maxima

; Endstops
M574 X1 S1 P"io0.in"                        ; X endstop at low end
M574 Y1 S1 P"io1.in"                        ; Y endstop at low end
M574 Z1 S2                                  ; Z homes with the probe

; Z-Probe
M558 P8 C"io2.in" H5 F120 T6000             ; inductive probe
G31 P500 X0 Y25 Z1.2                        ; probe trigger value, offset and trigger height

; Heaters
M308 S0 P"temp0" Y"thermistor" T100000 B4138 A"bed"   ; bed temperature sensor
M950 H0 C"out0" T0                          ; heater 0 uses the bed sensor
M307 H0 R0.43 K0.56 D5.5 E1.35 S1.00 B0     ; bed heater model
M140 H0                                     ; map heated bed to heater 0
M143 H0 S120                                ; bed heater limit 120C
M308 S1 P"temp1" Y"pt1000" A"nozzle"        ; hotend temperature sensor
M950 H1 C"out1" T1                          ; heater 1 uses the hotend sensor
M307 H1 R2.43 K0.56 D5.5 E1.35 S1.00 B0 V24 ; hotend heater model
M143 H1 S285                                ; hotend heater limit 285C

; Fans
M950 F0 C"out4" Q500                        ; tool fan
M106 P0 C"Tool fan" S0 H-1                  ; tool fan off, manual
M950 F1 C"out5" Q500                        ; hotend fan
M106 P1 C"Hotend fan" S1 H1 T45             ; thermostatic above 45C

; Tools
M563 P0 S"Hotend" D0 H1 F0                  ; tool 0
G10 P0 X0 Y0 Z0                             ; tool offsets
G10 P0 R0 S0                                ; tool temperatures off

; Miscellaneous
M911 S21 R23 P"M913 X0 Y0 G91 M83 G1 Z3 E-5 F1000" ; power loss recovery
T0                                          ; select the first tool
`;
}

const SYSTEM_FILES: Readonly<Record<string, string>> = {
  'homeall.g':
    'G91\nG1 H2 Z5 F6000\nG1 H1 X-305 Y-305 F1800\nG1 H2 X5 Y5 F6000\nG1 H1 X-10 Y-10 F360\nG90\nG1 X150 Y125 F6000\nG30\n',
  'homex.g': 'G91\nG1 H2 Z5 F6000\nG1 H1 X-305 F1800\nG1 X5 F6000\nG1 H1 X-10 F360\nG1 H2 Z-5 F6000\nG90\n',
  'homey.g': 'G91\nG1 H2 Z5 F6000\nG1 H1 Y-305 F1800\nG1 Y5 F6000\nG1 H1 Y-10 F360\nG1 H2 Z-5 F6000\nG90\n',
  'homez.g': 'G91\nG1 H2 Z5 F6000\nG90\nG1 X150 Y125 F6000\nG30\n',
  'bed.g': 'M561\nG29\n',
  'pause.g': 'M83\nG1 E-5 F3600\nG91\nG1 Z10 F360\nG90\nG1 X0 Y0 F6000\n',
  'resume.g': 'G1 R1 X0 Y0 Z5 F6000\nG1 R1 X0 Y0 Z0\nM83\nG1 E5 F3600\n',
  'cancel.g': 'M104 S0\nM140 S0\nM107\nG91\nG1 Z10 F360\nG90\nM84\n',
  'stop.g': 'M104 S0\nM140 S0\nM107\n',
  'sleep.g': 'M104 S0\nM140 S0\nM107\nM84\n',
  'tfree0.g': '; called when tool 0 is freed\n',
  'tpre0.g': '; called before tool 0 is selected\n',
  'tpost0.g': '; called after tool 0 is selected\nM116 P0\n',
};

const MACRO_FILES: Readonly<Record<string, string>> = {
  'Preriscalda PLA.g': 'M140 S60\nM104 S200\nM117 "Preriscaldamento PLA"\n',
  'Preriscalda PETG.g': 'M140 S80\nM104 S235\nM117 "Preriscaldamento PETG"\n',
  'Raffredda.g': 'M104 S0\nM140 S0\nM107\nM117 "Raffreddamento"\n',
  'Carica filamento.g': 'M104 S220\nM109 S220\nG1 E50 F300\nM104 S0\n',
  'Home XY.g': 'G28 X Y\n',
};

const FILAMENTS: Readonly<Record<string, { temperature: number; bed: number }>> = {
  PLA: { temperature: 215, bed: 60 },
  PETG: { temperature: 240, bed: 80 },
};

const BUILT_IN_INDEX = (name: string) => `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>${name} - board simulator</title></head>
<body>
<h1>${name}</h1>
<p>This is a simulated Duet board. Its own control page was not installed in <code>0:/www</code>;
the object model is at <a href="rr_model?flags=d99vn">rr_model</a>.</p>
</body>
</html>
`;

export interface SeedOptions {
  readonly machineName: string;
  /** Files for `0:/www` (relative paths); the built-in page when absent. */
  readonly www?: ReadonlyMap<string, Uint8Array>;
  readonly now: Date;
}

/** Fills a fresh card the way an installed printer's card looks. */
export function seedCard(sd: SdCard, { machineName, www, now }: SeedOptions): void {
  for (const file of seedGcodeFiles()) sd.write(`0:/gcodes/${file.path}`, file.data, file.modified);
  sd.write('0:/sys/config.g', encoder.encode(configG(machineName)));
  for (const [name, text] of Object.entries(SYSTEM_FILES)) sd.write(`0:/sys/${name}`, encoder.encode(text));
  sd.write(STATISTICS_PATH, seedStatisticsCsv(now));
  sd.write(MAINTENANCE_PATH, seedMaintenanceCsv(now));
  for (const [name, text] of Object.entries(MACRO_FILES)) sd.write(`0:/macros/${name}`, encoder.encode(text));
  for (const [material, { temperature, bed }] of Object.entries(FILAMENTS)) {
    sd.write(`0:/filaments/${material}/load.g`, encoder.encode(`M104 S${temperature}\nM116\nG1 E80 F300\n`));
    sd.write(
      `0:/filaments/${material}/unload.g`,
      encoder.encode(`M104 S${temperature}\nM116\nG1 E-80 F1800\n`),
    );
    sd.write(`0:/filaments/${material}/config.g`, encoder.encode(`M140 S${bed}\n`));
  }
  sd.mkdirs('0:/firmware');
  const webFiles = www ?? new Map([['index.html', encoder.encode(BUILT_IN_INDEX(machineName))]]);
  for (const [path, data] of webFiles) sd.write(`0:/www/${path}`, data);
}
