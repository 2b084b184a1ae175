import { createReadStream, type ReadStream } from 'node:fs';
import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import type { GatewayPackages } from '@portal/contract';

/** The names `npm run package:deb` and `package:npm` give the gateway's packages. */
const PATTERNS = [
  { kind: 'deb', pattern: /^portal-gateway_(\d+\.\d+\.\d+)_all\.deb$/ },
  { kind: 'npm', pattern: /^portal-gateway-(\d+\.\d+\.\d+)\.tgz$/ },
] as const;

const versionParts = (version: string) => version.split('.').map(Number);
function newer(a: string, b: string): boolean {
  const [x, y] = [versionParts(a), versionParts(b)];
  for (let i = 0; i < 3; i += 1) if ((x[i] ?? 0) !== (y[i] ?? 0)) return (x[i] ?? 0) > (y[i] ?? 0);
  return false;
}

/**
 * The gateway's packages built into `folder` (deploy/README.md, "Gateway packages"): the newest version's, of each
 * kind that is there. No folder, or nothing built, is an empty list.
 */
export async function listGatewayPackages(folder: string | undefined): Promise<GatewayPackages> {
  if (!folder) return { version: null, packages: [] };
  let names: string[];
  try {
    names = await readdir(folder);
  } catch {
    return { version: null, packages: [] };
  }
  const found = names.flatMap((file) =>
    PATTERNS.flatMap(({ kind, pattern }) => {
      const version = pattern.exec(file)?.[1];
      return version ? [{ kind, file, version }] : [];
    }),
  );
  const version = found.reduce<string | null>(
    (best, entry) => (best === null || newer(entry.version, best) ? entry.version : best),
    null,
  );
  const current = found.filter((entry) => entry.version === version);
  const packages = await Promise.all(
    current.map(async ({ kind, file }) => ({
      kind,
      file,
      bytes: (await stat(path.join(folder, file))).size,
    })),
  );
  return { version, packages: packages.sort((a, b) => a.kind.localeCompare(b.kind)) };
}

/** One listed package's bytes and type, or undefined for any name the list does not hold (no path reaches further). */
export async function openGatewayPackage(
  folder: string | undefined,
  file: string,
): Promise<{ stream: ReadStream; bytes: number; type: string } | undefined> {
  const listed = (await listGatewayPackages(folder)).packages.find((entry) => entry.file === file);
  if (!listed || !folder) return undefined;
  return {
    stream: createReadStream(path.join(folder, listed.file)),
    bytes: listed.bytes,
    type: listed.kind === 'deb' ? 'application/vnd.debian.binary-package' : 'application/gzip',
  };
}
