import type { ComputerController, GatewayReportView } from '@portal/contract';

type GatewayPresence = ComputerController['gateway'];

/**
 * The gateway's uptime at `now`: as it last reported it, plus the time since while it is still connected (reports
 * come every minute); a gateway that has left stays at its last report. Null before any report.
 */
export function uptimeSecondsAt(
  gateway: Pick<GatewayPresence, 'connected' | 'report'>,
  now: number,
): number | null {
  const { report } = gateway;
  if (!report) return null;
  const since = gateway.connected ? Math.max(0, (now - Date.parse(report.reportedAt)) / 1000) : 0;
  return Math.floor(report.uptimeSeconds + since);
}

/** An uptime in whole days, hours and minutes, for the catalog's words. */
export function uptimeParts(totalSeconds: number): { days: number; hours: number; minutes: number } {
  const minutes = Math.floor(Math.max(0, totalSeconds) / 60);
  return { days: Math.floor(minutes / 1_440), hours: Math.floor(minutes / 60) % 24, minutes: minutes % 60 };
}

/** The board's firmware as the board names it, with DSF's version on a single-board computer. */
export function firmwareText(firmware: NonNullable<GatewayReportView['board']['firmware']>): string {
  const main = `${firmware.name} ${firmware.version}`;
  return firmware.dsfVersion === null ? main : `${main} / DSF ${firmware.dsfVersion}`;
}

/**
 * The commands that put `version` on the gateway computer, as the gateway is installed (apps/gateway/README.md): the
 * Debian package, or the npm package; the service then runs the new version.
 */
export function gatewayUpdateCommands(version: string): { apt: string; npm: string } {
  const restart = 'sudo systemctl restart portal-gateway';
  return {
    apt: `sudo apt install ./portal-gateway_${version}_all.deb && ${restart}`,
    npm: `sudo npm install -g portal-gateway-${version}.tgz && ${restart}`,
  };
}
