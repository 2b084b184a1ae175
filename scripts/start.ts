/**
 * `npm start`: builds the web app (and the gateway's packages) if needed, runs the portal in this process and, in demo mode, the demo
 * fleet's simulated boards, webcams and gateways in a child process, which dial in through the real tunnel as
 * installed ones do. Stopping it stops both.
 */
import { fork } from 'node:child_process';
import { once } from 'node:events';
import { ConfigError } from '../apps/server/src/config.ts';
import type { DemoGateway } from '../apps/server/src/demo/demo-gateways.ts';
import { type RunningServer, startServer } from '../apps/server/src/server.ts';
import type { DemoHardwareOrder, DemoHardwareStarted } from './demo-hardware-process.ts';
import { ensureGatewayPackages } from './gateway-packages.ts';
import { ensureWebBuild } from './web-build.ts';

ensureWebBuild();
// The demo's console is for a person: failed requests only, so the banner below stays in sight (LOG_REQUESTS=true
// brings back a line per request).
process.env.LOG_REQUESTS ??= 'false';
ensureGatewayPackages();

try {
  const server = await startServer();
  const hardware = await startDemoHardwareProcess(server.demoGateways, server.url).catch(async (error) => {
    await server.close();
    throw error;
  });
  if (server.demoGateways.length > 0) {
    const offline = server.demoGateways.length - hardware.gateways;
    server.log.info(
      `demo hardware: ${hardware.gateways} machines dialling in through the tunnel` +
        (offline > 0 ? `, ${offline} with its gateway offline on purpose` : ''),
    );
  }
  // Last, after every start-up line (the gateways' connections included, and what the logger still buffers), so
  // nothing pushes it out of sight.
  await new Promise<void>((resolve) => server.log.flush(() => resolve()));
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

interface DemoHardwareProcess {
  gateways: number;
  close(): Promise<void>;
}

/** The demo hardware's process, started once its gateways are; none without demo gateways. */
async function startDemoHardwareProcess(
  gateways: DemoGateway[],
  portalUrl: string,
): Promise<DemoHardwareProcess> {
  if (gateways.length === 0) return { gateways: 0, close: async () => undefined };
  const child = fork(new URL('./demo-hardware-process.ts', import.meta.url), { stdio: 'inherit' });
  const exited = once(child, 'exit');
  child.send({ gateways, portalUrl } satisfies DemoHardwareOrder);
  const started = await Promise.race([
    once(child, 'message').then(([message]) => message as DemoHardwareStarted),
    exited.then(([code]) => {
      throw new Error(`the demo hardware stopped before starting (exit code ${code})`);
    }),
  ]);
  return {
    gateways: started.started,
    async close() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.send('stop');
      await exited;
    },
  };
}
