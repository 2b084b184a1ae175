import type { ObjectModel } from '@duet3d/objectmodel';

function element<T extends HTMLElement>(id: string): T {
  const found = document.getElementById(id);
  if (!found) throw new Error(`The page has no #${id}`);
  return found as T;
}

export const page = {
  machineName: element<HTMLHeadingElement>('machine-name'),
  status: element<HTMLOutputElement>('status'),
  login: element<HTMLFormElement>('login'),
  password: element<HTMLInputElement>('password'),
  machine: element<HTMLElement>('machine'),
  jobFile: element<HTMLOutputElement>('job-file'),
  jobProgress: element<HTMLProgressElement>('job-progress'),
  jobPercent: element<HTMLOutputElement>('job-percent'),
  heaters: element<HTMLTableSectionElement>('heaters'),
  consoleForm: element<HTMLFormElement>('console-form'),
  consoleInput: element<HTMLInputElement>('console-input'),
  consoleLog: element<HTMLOListElement>('console-log'),
};

/** Shows a connection state ("connecting", "disconnected", …) where the machine status goes. */
export function showConnectionState(state: string): void {
  page.status.textContent = state;
}

function formatTemperature(value: number | null | undefined): string {
  return typeof value === 'number' ? `${value.toFixed(1)} °C` : '–';
}

/** Fraction of the job file read so far, as the job progress DWC shows for a file print. */
function progressOf(model: ObjectModel): number {
  const size = Number(model.job.file?.size ?? 0);
  const position = Number(model.job.filePosition ?? 0);
  return size > 0 ? Math.min(100, (position / size) * 100) : 0;
}

export function renderModel(model: ObjectModel): void {
  page.machineName.textContent = model.network.name || 'Board simulator';
  document.title = model.network.name || 'Board simulator';
  page.status.textContent = model.state.status;
  page.jobFile.textContent = model.job.file?.fileName || 'none';
  const progress = progressOf(model);
  page.jobProgress.value = progress;
  page.jobPercent.textContent = `${progress.toFixed(1)}%`;

  const rows = model.heat.heaters.flatMap((heater, index) => {
    if (!heater) return [];
    const row = document.createElement('tr');
    const name = document.createElement('th');
    name.scope = 'row';
    name.textContent = `#${index}`;
    const values = [
      formatTemperature(heater.current),
      formatTemperature(heater.active),
      formatTemperature(heater.standby),
      heater.state,
    ].map((text) => {
      const cell = document.createElement('td');
      cell.textContent = text;
      return cell;
    });
    row.append(name, ...values);
    return [row];
  });
  page.heaters.replaceChildren(...rows);
}

/** Adds a line to the console: what was sent, what the board replied, or an error. */
export function appendConsoleLine(text: string, kind: 'sent' | 'reply' | 'error'): void {
  const line = document.createElement('li');
  line.className = kind;
  line.textContent = text;
  page.consoleLog.append(line);
  line.scrollIntoView({ block: 'nearest' });
}
