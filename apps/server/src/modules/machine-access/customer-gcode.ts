import { type GcodeCommand, type GcodeReading, gcodeLines, readGcodeLine } from '@portal/duet/protocol';

/**
 * The customer path's G-code check (docs/board-access.md, "G-code on the customer path"): every line read with
 * `packages/duet`'s lexer as the boards read it, a line they could read differently refused, then each reading's
 * commands checked against the deny-list and the file rules.
 *
 * The file rules need board-scopes.ts's path rules, and board-scopes.ts's table needs this check: board-scopes.ts
 * builds the check with its rules (`createCustomerGcodeCheck`), so that neither file imports the other.
 */

export type GcodeDecision = { allowed: true } | { allowed: false; reason: string };

const ALLOWED: GcodeDecision = { allowed: true };
const refuse = (reason: string): GcodeDecision => ({ allowed: false, reason });

/** What the file rules ask of the board's paths (board-scopes.ts's `boardPath` and folder rules). */
export interface GcodePathRules<Path> {
  /** A board path read as FatFs opens it, relative to `base` (null: a relative name is refused). */
  boardPath: (raw: string, base: Path | null) => Path | null;
  sys: Path;
  gcodes: Path;
  inCustomerFolder: (path: Path) => boolean;
  customerWritable: (path: Path) => boolean;
  customerRunnable: (path: Path) => boolean;
  heightMap: (path: Path) => boolean;
}

/**
 * M-codes the customer path never sends, whatever their parameters: why each group is out is in
 * docs/board-access.md. A deny-list, because the board runs whatever G-code files the customer may print:
 * uploads into the customer folders are checked with this same list, so the console cannot be stricter than
 * the files, and an allow-list would refuse the slicer's own start code.
 */
export const CUSTOMER_DENIED_MCODES: ReadonlyMap<number, string> = new Map([
  // firmware
  [997, 'firmware update'],
  [555, 'firmware compatibility mode'],
  // network, identity and access
  [540, 'MAC address'],
  [550, 'machine name'],
  [551, 'board password'],
  [552, 'network interface'],
  [553, 'netmask'],
  [554, 'gateway and DNS'],
  [586, 'network protocols'],
  [587, 'WiFi networks and passwords'],
  [588, 'WiFi networks'],
  [589, 'WiFi access point'],
  // configuration and its files
  [500, 'saves config-override.g'],
  [501, 'runs config-override.g'],
  [502, 'runs config.g'],
  [503, 'prints config.g, passwords included'],
  [505, 'moves the system folder'],
  [911, 'G-code run on power failure'],
  [929, 'event log file'],
  // files outside the customer folders
  [28, 'writes a file from G-code'],
  [29, 'writes a file from G-code'],
  [559, 'uploads a system file'],
  [560, 'uploads a web page'],
  [750, '3D scanner'],
  [751, '3D scanner'],
  [752, '3D scanner'],
  [753, '3D scanner'],
  [754, '3D scanner'],
  [755, '3D scanner'],
  [756, '3D scanner'],
  // hardware definition: a wrong value can burn or crash the machine; config.g sets it once
  [143, 'heater temperature limits'],
  [307, 'heater model'],
  [308, 'temperature sensors'],
  [570, 'heater fault detection'],
  [950, 'pins of heaters, fans and outputs'],
  [569, 'stepper drivers'],
  [574, 'endstops'],
  [584, 'axis and driver mapping'],
  [669, 'kinematics'],
]);

/** The strings a command gives with `letter`, or null when one is given unquoted or as an expression. */
function letterValues(command: GcodeCommand, letter: string): string[] | null {
  const values: string[] = [];
  for (const parameter of command.parameters) {
    if (parameter.letter !== letter) continue;
    if (parameter.kind !== 'string') return null;
    values.push(parameter.value);
  }
  return values;
}

/** M23, M30 and M32 name their file without a letter: quoted strings only, nothing else in the command. */
function bareValues(command: GcodeCommand): string[] | null {
  const values: string[] = [];
  for (const parameter of command.parameters) {
    if (parameter.letter !== null || parameter.kind !== 'string') return null;
    values.push(parameter.value);
  }
  return values;
}

const mentionsFileread = (text: string) => /fileread/i.test(text);

/** Builds the check on board-scopes.ts's path rules. */
export function createCustomerGcodeCheck<Path>(paths: GcodePathRules<Path>) {
  /** Whether a command that names a file names one the customer path may use (null: it names none). */
  function fileRule(command: GcodeCommand): GcodeDecision | null {
    const { letter, number } = command;
    const check = (values: string[] | null, base: Path | null, ok: (path: Path) => boolean, what: string) => {
      if (values === null) return refuse(`${letter}${number}: write the file name in quotes`);
      const read = values.map((value) => paths.boardPath(value, base));
      return read.every((path) => path !== null && ok(path))
        ? ALLOWED
        : refuse(`${letter}${number}: ${what}`);
    };
    const byLetter = (name: string) => letterValues(command, name);
    const runnable = 'runs files of 0:/gcodes, 0:/macros, 0:/filaments and the macros of 0:/sys only';
    const inFolders = 'changes files in 0:/gcodes, 0:/macros and 0:/filaments only';
    const { sys, gcodes, inCustomerFolder, customerWritable, customerRunnable, heightMap } = paths;
    if (letter === 'G' && number === 29) return check(byLetter('P'), sys, heightMap, 'height maps only');
    if (letter !== 'M') return null;
    switch (number) {
      case 98:
        return check(byLetter('P'), sys, customerRunnable, runnable);
      case 23:
      case 32:
        return check(bareValues(command), gcodes, customerRunnable, runnable);
      case 37:
        return check(byLetter('P'), gcodes, customerRunnable, runnable);
      case 30:
        return check(bareValues(command), null, customerWritable, inFolders);
      case 470:
      case 472:
        return check(byLetter('P'), null, inCustomerFolder, inFolders);
      case 471: {
        const from = check(byLetter('S'), null, inCustomerFolder, inFolders);
        return from.allowed ? check(byLetter('T'), null, inCustomerFolder, inFolders) : from;
      }
      case 374:
      case 375:
        return check(byLetter('P'), sys, heightMap, 'height maps only');
      default:
        return null;
    }
  }

  function checkReading(reading: GcodeReading): GcodeDecision {
    const { meta } = reading;
    if (meta) {
      // `echo >"file"` (and >>, >>>) writes a file; fileread() reads any file, config.g included.
      if (meta.keyword === 'echo' && meta.argument.startsWith('>'))
        return refuse('echo may not write files here');
      return mentionsFileread(meta.argument) ? refuse('fileread may not be used here') : ALLOWED;
    }
    for (const command of reading.commands) {
      const expressions = command.parameters.filter((parameter) => parameter.kind === 'expression');
      if (expressions.some((parameter) => mentionsFileread(parameter.value))) {
        return refuse('fileread may not be used here');
      }
      if (command.letter === 'M' && command.number !== null) {
        const denied = CUSTOMER_DENIED_MCODES.get(command.number);
        if (denied) return refuse(`M${command.number} (${denied}) is for the admin path`);
      }
      const decision = fileRule(command);
      if (decision && !decision.allowed) return decision;
    }
    return ALLOWED;
  }

  /**
   * One line of G-code (console or file) on the customer path: refused when the boards could read it in more
   * than one way, else every reading (RRF, RRF in CNC mode, DSF) must pass.
   */
  function customerGcodeLine(text: string): GcodeDecision {
    const line = readGcodeLine(text);
    if (line.ambiguous !== null)
      return refuse(`The board could read this line in more than one way: ${line.ambiguous}`);
    for (const reading of new Set(Object.values(line.readings))) {
      const decision = checkReading(reading);
      if (!decision.allowed) return decision;
    }
    return ALLOWED;
  }

  /** A whole G-code text (rr_gcode's `gcode`, DSF's code body): every line must pass. */
  function customerGcode(text: string): GcodeDecision {
    for (const line of gcodeLines(text)) {
      const decision = customerGcodeLine(line);
      if (!decision.allowed) return decision;
    }
    return ALLOWED;
  }

  return { customerGcodeLine, customerGcode };
}
