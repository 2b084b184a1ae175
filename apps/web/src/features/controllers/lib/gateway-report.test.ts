import { describe, expect, it } from 'vitest';
import { firmwareText, gatewayUpdateCommands, uptimeParts, uptimeSecondsAt } from './gateway-report';

const report = {
  reportedAt: '2026-11-25T10:00:00.000Z',
  uptimeSeconds: 3_600,
  board: { reachable: true, firmware: null, latencyMs: null },
};
const at = (iso: string) => Date.parse(iso);

describe("a gateway's uptime", () => {
  it('runs on from the last report while the gateway is connected, and stops when it has left', () => {
    expect(uptimeSecondsAt({ connected: true, report }, at('2026-11-25T10:00:30Z'))).toBe(3_630);
    expect(uptimeSecondsAt({ connected: false, report }, at('2026-11-25T12:00:00Z'))).toBe(3_600);
    expect(uptimeSecondsAt({ connected: true, report: null }, at('2026-11-25T10:00:30Z'))).toBeNull();
  });

  it('never goes back when the clock of the page is behind the portal', () => {
    expect(uptimeSecondsAt({ connected: true, report }, at('2026-11-25T09:59:00Z'))).toBe(3_600);
  });

  it('is told in days, hours and minutes', () => {
    expect(uptimeParts(59)).toEqual({ days: 0, hours: 0, minutes: 0 });
    expect(uptimeParts(3 * 86_400 + 4 * 3_600 + 5 * 60 + 6)).toEqual({ days: 3, hours: 4, minutes: 5 });
    expect(uptimeParts(400 * 86_400 + 59)).toEqual({ days: 400, hours: 0, minutes: 0 });
  });
});

describe("the board's firmware", () => {
  it('is named as the board names it, with the DSF version on a single-board computer', () => {
    expect(firmwareText({ name: 'RepRapFirmware', version: '3.5.2', dsfVersion: null })).toBe(
      'RepRapFirmware 3.5.2',
    );
    expect(firmwareText({ name: 'RepRapFirmware', version: '3.5.2', dsfVersion: '3.5.2' })).toBe(
      'RepRapFirmware 3.5.2 / DSF 3.5.2',
    );
  });
});

describe('the update commands', () => {
  it('install the given version from the Debian package or the npm package, and restart the service', () => {
    expect(gatewayUpdateCommands('1.2.0')).toEqual({
      apt: 'sudo apt install ./portal-gateway_1.2.0_all.deb && sudo systemctl restart portal-gateway',
      npm: 'sudo npm install -g portal-gateway-1.2.0.tgz && sudo systemctl restart portal-gateway',
    });
  });
});
