/**
 * Builds the Debian package `dist/portal-gateway_<version>_all.deb` (`npm run package:deb --workspace
 * @portal/gateway`) from what scripts/build.ts put in dist/package: the bundle in /usr/lib/portal-gateway, the
 * `portal-gateway` command, the systemd unit, and /etc/portal-gateway/config.json as a conffile, which the
 * maintainer scripts (packaging/debian/) give to the gateway's own system user.
 */
import { execFile } from 'node:child_process';
import { chmod, copyFile, mkdir, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const root = fileURLToPath(new URL('..', import.meta.url));
const built = `${root}dist/package`;
const manifest = JSON.parse(await readFile(`${built}/package.json`, 'utf8')) as {
  version: string;
  description: string;
  engines: { node: string };
};
const name = `portal-gateway_${manifest.version}_all`;
const tree = `${root}dist/deb/${name}`;
const CONFIG = '/etc/portal-gateway/config.json';

/** Every file of the package with its mode: dpkg installs them owned by root, as dpkg-deb records them. */
const files: { to: string; from?: string; text?: string; mode: number }[] = [
  { to: '/usr/lib/portal-gateway/portal-gateway.js', from: `${built}/portal-gateway.js`, mode: 0o644 },
  {
    to: '/usr/bin/portal-gateway',
    // The computer's Node.js, which the package depends on, with no PATH lookup.
    text: '#!/bin/sh\nexec /usr/bin/node /usr/lib/portal-gateway/portal-gateway.js "$@"\n',
    mode: 0o755,
  },
  { to: '/lib/systemd/system/portal-gateway.service', from: `${built}/portal-gateway.service`, mode: 0o644 },
  { to: CONFIG, from: `${built}/config.example.json`, mode: 0o600 },
  { to: '/usr/share/doc/portal-gateway/README.md', from: `${built}/README.md`, mode: 0o644 },
  ...['postinst', 'prerm', 'postrm'].map((script) => ({
    to: `/DEBIAN/${script}`,
    from: `${root}packaging/debian/${script}`,
    mode: 0o755,
  })),
  { to: '/DEBIAN/conffiles', text: `${CONFIG}\n`, mode: 0o644 },
];

await rm(tree, { recursive: true, force: true });
for (const file of files) {
  const target = path.join(tree, file.to);
  await mkdir(path.dirname(target), { recursive: true });
  if (file.from) await copyFile(file.from, target);
  else await writeFile(target, file.text ?? '');
  await chmod(target, file.mode);
}

/** Folders are 0755 whatever the umask (postinst closes /etc/portal-gateway to all but the gateway's user). */
async function openFolders(dir: string): Promise<void> {
  await chmod(dir, 0o755);
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    if (entry.isDirectory()) await openFolders(path.join(dir, entry.name));
  }
}
await openFolders(tree);

/** Kibibytes the installed files take, as dpkg's Installed-Size counts them. */
async function installedKiB(dir: string): Promise<number> {
  let total = 0;
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) total += entry.name === 'DEBIAN' ? 0 : 1 + (await installedKiB(full));
    else total += Math.ceil((await stat(full)).size / 1024);
  }
  return total;
}

const oldestNode = manifest.engines.node.replace(/^>=/, '');
const control = {
  Package: 'portal-gateway',
  Version: manifest.version,
  Architecture: 'all',
  Maintainer: 'Machine support portal <support@example.com>',
  'Installed-Size': String(await installedKiB(tree)),
  Depends: `nodejs (>= ${oldestNode}), adduser`,
  Section: 'net',
  Priority: 'optional',
  Description: `${manifest.description}\n The gateway agent dials out to the portal and relays its requests to the machine's Duet board\n and webcam on the local network; it runs as a systemd service under its own user.`,
};
await writeFile(
  `${tree}/DEBIAN/control`,
  `${Object.entries(control)
    .map(([field, value]) => `${field}: ${value}`)
    .join('\n')}\n`,
);

const deb = `${root}dist/${name}.deb`;
await promisify(execFile)('dpkg-deb', ['--root-owner-group', '--build', tree, deb]);
console.log(`portal-gateway ${manifest.version}: ${deb}`);
