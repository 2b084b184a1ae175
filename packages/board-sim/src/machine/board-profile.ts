import type { BoardMode, FirmwareVersion } from '@portal/duet';

/** The electronics a simulated machine pretends to be; varied by firmware line as a real fleet would be. */
export interface BoardProfile {
  /** `boardType` of rr_connect. */
  readonly boardType: string;
  readonly name: string;
  readonly shortName: string;
  readonly firmwareVersion: string;
  readonly firmwareDate: string;
  readonly networkInterface: 'wifi' | 'ethernet';
}

const RELEASES: Readonly<Record<FirmwareVersion, { version: string; date: string }>> = {
  '3.4': { version: '3.4.6', date: '2023-07-21' },
  '3.5': { version: '3.5.4', date: '2024-11-25' },
  '3.6': { version: '3.6.1', date: '2025-05-06' },
};

/** The board of a firmware line and mode; `version` names another release of the line than the modelled one. */
export function boardProfile(firmware: FirmwareVersion, mode: BoardMode, version?: string): BoardProfile {
  const release = RELEASES[firmware];
  const common = { firmwareVersion: version ?? release.version, firmwareDate: release.date };
  // An SBC is always wired to a Duet 3 main board.
  if (mode === 'sbc' || firmware === '3.6') {
    return {
      ...common,
      boardType: 'duet3mb6hc102',
      name: 'Duet 3 MB6HC',
      shortName: 'MB6HC',
      networkInterface: 'ethernet',
    };
  }
  if (firmware === '3.5') {
    return {
      ...common,
      boardType: 'duet5lcwifi',
      name: 'Duet 3 Mini 5+ WiFi',
      shortName: 'Mini5plus',
      networkInterface: 'wifi',
    };
  }
  return {
    ...common,
    boardType: 'duetwifi102',
    name: 'Duet 2 WiFi',
    shortName: '2WiFi',
    networkInterface: 'wifi',
  };
}
