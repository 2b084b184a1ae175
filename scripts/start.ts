/**
 * `npm start`: builds the web app if needed, runs the portal in this process and, in demo mode, the demo
 * fleet's simulated boards, webcams and gateways, which dial in through the real tunnel as installed ones do.
 */
import { ConfigError } from '../apps/server/src/config.ts';
import { startServer } from '../apps/server/src/server.ts';
import { ensureWebBuild } from './web-build.ts';

ensureWebBuild();

try {
  const server = await startServer();
  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    server.log.info(`shutting down (${signal})`);
    void server.close().then(() => process.exit(0));
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
}
