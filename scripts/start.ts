/** `npm start`: builds the web app if needed, then runs the server in this process. */
import { ensureWebBuild } from './web-build.ts';

ensureWebBuild();
await import('../apps/server/src/server.ts');
