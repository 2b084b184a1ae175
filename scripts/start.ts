/**
 * `npm start`: builds the web app if needed, runs the portal in this process and, in demo mode, the demo
 * fleet's simulated boards, webcams and gateways, which dial in through the real tunnel as installed ones do.
 */
import { ConfigError } from '../apps/server/src/config.ts';
import { type RunningServer, startServer } from '../apps/server/src/server.ts';
import { startDemoHardware } from './demo-hardware.ts';
import { ensureWebBuild } from './web-build.ts';

ensureWebBuild();

try {
  const server = await startServer();
  const hardware = await startDemoHardware(server.demoGateways, server.url);
  if (server.demoGateways.length > 0) {
    const offline = server.demoGateways.length - hardware.gateways;
    server.log.info(
      `demo hardware: ${hardware.gateways} machines dialling in through the tunnel` +
        (offline > 0 ? `, ${offline} with its gateway offline on purpose` : ''),
    );
  }
  console.log(welcome(server));
  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    server.log.info(`shutting down (${signal})`);
    // Gateways first, so the portal does not log their tunnels dropping as failures.
    void hardware
      .close()
      .then(() => server.close())
      .then(() => process.exit(0));
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
}

/** What a person needs to begin, set apart from the log lines. */
function welcome({ publicUrl, firstSignIn }: RunningServer): string {
  const lines = [`The machine support portal is running: open ${publicUrl}`];
  if (firstSignIn) {
    const password = firstSignIn.password ? ` with the password ${firstSignIn.password}` : '';
    lines.push(`Sign in as ${firstSignIn.email}${password}`);
  }
  lines.push('Ctrl+C stops it.');
  return `\n${lines.map((line) => `  ${line}`).join('\n')}\n`;
}
