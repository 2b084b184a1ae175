/**
 * The files an installer puts on the gateway computer (apps/gateway/README.md, "Configure"): the settings,
 * which anyone may read, and the key, in a file only root reads. The key never goes on a command line, where
 * other users of the computer (and the shell's history) would keep it.
 */

export const GATEWAY_CONFIG_FILE = 'config.json';
export const GATEWAY_SECRETS_FILE = 'secrets.env';

/** A stand-in the installer replaces with the board's own address on the machine's network. */
export const BOARD_ADDRESS_PLACEHOLDER = 'http://192.168.1.50';

export function gatewayConfigFile({ server, controller }: { server: string; controller: number }): string {
  return `${JSON.stringify({ server, controller, board: BOARD_ADDRESS_PLACEHOLDER, logLevel: 'info' }, null, 2)}\n`;
}

export function gatewaySecretsFile(key: string): string {
  return `PORTAL_GATEWAY_KEY=${key}\n`;
}

/** Run in the folder holding the two downloaded files, on a gateway computer with the gateway installed. */
export const GATEWAY_INSTALL_COMMANDS = [
  `sudo install -D -m 644 ${GATEWAY_CONFIG_FILE} /etc/portal-gateway/${GATEWAY_CONFIG_FILE}`,
  `sudo install -D -m 600 ${GATEWAY_SECRETS_FILE} /etc/portal-gateway/${GATEWAY_SECRETS_FILE}`,
  'sudo systemctl enable --now portal-gateway',
  `shred -u ${GATEWAY_SECRETS_FILE}`,
].join('\n');

/** Whether the gateway has dialled in since the key was made: what the dialog waits for. */
export const connectedSince = (
  gateway: { connected: boolean; lastSeenAt: string | null },
  since: number,
): boolean => gateway.connected && gateway.lastSeenAt !== null && Date.parse(gateway.lastSeenAt) >= since;

/** What installs a downloaded package on the gateway computer (apps/gateway/README.md, "Install"). */
export function gatewayInstallCommands(kind: 'deb' | 'npm', file: string): string[] {
  if (kind === 'deb') return [`sudo apt install ./${file}`];
  return [
    `sudo npm install -g ./${file}`,
    'sudo useradd --system --no-create-home --home-dir /nonexistent --shell /usr/sbin/nologin portal-gateway',
    'sudo install -d -m 700 -o portal-gateway -g portal-gateway /etc/portal-gateway',
    'sudo install -m 644 "$(npm root -g)/portal-gateway/portal-gateway.service" /etc/systemd/system/',
    'sudo systemctl daemon-reload',
  ];
}

/** Shows the pairing code, waits for it to be entered here, saves the credentials. */
export const gatewayPairCommand = (server: string): string => `sudo portal-gateway --pair --server ${server}`;

/** Starts (or restarts) the service once paired. */
export const GATEWAY_START_COMMAND =
  'sudo systemctl enable portal-gateway && sudo systemctl restart portal-gateway';

/** Checks the configuration, board, webcam and portal as the service sees them (README, "Check a gateway"). */
export const GATEWAY_CHECK_COMMAND =
  "sudo sh -c 'set -a; [ -f /etc/portal-gateway/secrets.env ] && . /etc/portal-gateway/secrets.env; " +
  "PORTAL_GATEWAY_CONFIG=/etc/portal-gateway/config.json portal-gateway --check'";
