import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const DIST = path.join(ROOT, 'apps/gateway/dist');

const hasCommand = (command: string): boolean => {
  try {
    execFileSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
};

/**
 * `npm start`: the gateway's packages the portal offers for download (deploy/README.md, "Gateway packages"), built
 * once when there are none: the npm package always, the Debian package where `dpkg-deb` exists. A failure only
 * warns: the portal runs without downloads.
 */
export function ensureGatewayPackages(): void {
  const built = existsSync(DIST) && readdirSync(DIST).some((file) => file.endsWith('.tgz'));
  if (built) return;
  try {
    console.log('building the gateway packages offered for download (once)...');
    execFileSync('npm', ['run', 'package:npm', '--workspace', '@portal/gateway'], {
      cwd: ROOT,
      stdio: 'ignore',
    });
    if (hasCommand('dpkg-deb')) {
      execFileSync(process.execPath, ['apps/gateway/scripts/deb.ts'], { cwd: ROOT, stdio: 'ignore' });
    }
  } catch (error) {
    console.warn(`the gateway packages could not be built: ${(error as Error).message}`);
  }
}
