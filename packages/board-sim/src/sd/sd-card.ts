/**
 * The board's SD card, held in memory. Paths are RRF style (`0:/gcodes/a.gcode`); a path without a volume
 * is on volume 0 and relative paths are taken from the root. Names compare case-insensitively, as on FAT.
 */

export interface SdEntry {
  readonly name: string;
  readonly isDirectory: boolean;
  readonly size: number;
  readonly modified: Date;
}

interface FileNode {
  kind: 'file';
  name: string;
  data: Uint8Array;
  modified: Date;
}

interface DirectoryNode {
  kind: 'directory';
  name: string;
  modified: Date;
  children: Map<string, FileNode | DirectoryNode>;
}

type Node = FileNode | DirectoryNode;

export interface SdPath {
  readonly volume: number;
  readonly parts: readonly string[];
}

/** Splits `N:/a/b` (or `/a/b`, `a/b`) into a volume and clean path parts; `..` climbs, `.` and empty parts go. */
export function parseSdPath(path: string): SdPath {
  const match = /^(\d+):/.exec(path);
  const volume = match ? Number(match[1]) : 0;
  const rest = match ? path.slice(match[0].length) : path;
  const parts: string[] = [];
  for (const part of rest.split('/')) {
    if (part === '..') parts.pop();
    else if (part !== '' && part !== '.') parts.push(part);
  }
  return { volume, parts };
}

/** The canonical `N:/a/b` form of a path. */
export function formatSdPath({ volume, parts }: SdPath): string {
  return `${volume}:/${parts.join('/')}`;
}

/** Resolves a name the way RRF resolves it in a folder context: absolute names stay, others go under `folder`. */
export function resolveInFolder(name: string, folder: string): string {
  const isAbsolute = /^\d+:/.test(name) || name.startsWith('/');
  return formatSdPath(parseSdPath(isAbsolute ? name : `${folder}/${name}`));
}

export interface SdCardOptions {
  /** Volumes that exist; only the first is mounted (the second slot is an empty card reader). */
  readonly volumes: number;
  readonly capacityBytes: number;
  /** Called with the volume index after every change of files or folders on it. */
  readonly onChange: (volume: number) => void;
  readonly now: () => Date;
}

export class SdCard {
  readonly #root: DirectoryNode;
  readonly #options: SdCardOptions;
  #usedBytes = 0;

  constructor(options: SdCardOptions) {
    this.#options = options;
    this.#root = { kind: 'directory', name: '', modified: options.now(), children: new Map() };
  }

  get capacityBytes(): number {
    return this.#options.capacityBytes;
  }

  get freeBytes(): number {
    return this.#options.capacityBytes - this.#usedBytes;
  }

  get volumeCount(): number {
    return this.#options.volumes;
  }

  isMounted(volume: number): boolean {
    return volume === 0;
  }

  /** The file's bytes, or undefined when it is missing or a folder. */
  read(path: string): Uint8Array | undefined {
    const node = this.#find(parseSdPath(path));
    return node?.kind === 'file' ? node.data : undefined;
  }

  stat(path: string): SdEntry | undefined {
    const node = this.#find(parseSdPath(path));
    return node && toEntry(node);
  }

  /** Entries of a folder in creation order, or undefined when it is not a folder. */
  list(path: string): SdEntry[] | undefined {
    const node = this.#find(parseSdPath(path));
    return node?.kind === 'directory' ? [...node.children.values()].map(toEntry) : undefined;
  }

  /** Writes a file, creating missing parent folders (as RRF uploads and DSF do). False if a folder is in the way. */
  write(path: string, data: Uint8Array, modified: Date = this.#options.now()): boolean {
    const parsed = parseSdPath(path);
    const name = parsed.parts.at(-1);
    const parent = this.#ensureDirectory(parsed.volume, parsed.parts.slice(0, -1));
    if (!name || !parent) return false;
    const existing = parent.children.get(name.toLowerCase());
    if (existing?.kind === 'directory') return false;
    this.#usedBytes += data.length - (existing?.data.length ?? 0);
    parent.children.set(name.toLowerCase(), { kind: 'file', name, data, modified });
    parent.modified = this.#options.now();
    this.#options.onChange(parsed.volume);
    return true;
  }

  /** Creates one folder (its parent must exist); false when it exists already. */
  mkdir(path: string): boolean {
    const parsed = parseSdPath(path);
    const name = parsed.parts.at(-1);
    const parent = this.#find({ volume: parsed.volume, parts: parsed.parts.slice(0, -1) });
    if (!name || parent?.kind !== 'directory' || parent.children.has(name.toLowerCase())) return false;
    parent.children.set(name.toLowerCase(), {
      kind: 'directory',
      name,
      modified: this.#options.now(),
      children: new Map(),
    });
    this.#options.onChange(parsed.volume);
    return true;
  }

  /** Creates a folder and any missing parents; true when it exists afterwards. */
  mkdirs(path: string): boolean {
    const parsed = parseSdPath(path);
    return this.#ensureDirectory(parsed.volume, parsed.parts) !== undefined;
  }

  /** Deletes a file or folder; a non-empty folder only when recursive. */
  delete(path: string, recursive = false): boolean {
    const parsed = parseSdPath(path);
    const name = parsed.parts.at(-1);
    const parent = this.#find({ volume: parsed.volume, parts: parsed.parts.slice(0, -1) });
    const node = name && parent?.kind === 'directory' ? parent.children.get(name.toLowerCase()) : undefined;
    if (!node || parent?.kind !== 'directory') return false;
    if (node.kind === 'directory' && node.children.size > 0 && !recursive) return false;
    this.#usedBytes -= sizeOf(node);
    parent.children.delete(node.name.toLowerCase());
    this.#options.onChange(parsed.volume);
    return true;
  }

  /** Renames or moves a file or folder; an existing target is replaced only when `replace` is set. */
  move(from: string, to: string, replace = false): boolean {
    const source = parseSdPath(from);
    const target = parseSdPath(to);
    const sourceName = source.parts.at(-1);
    const targetName = target.parts.at(-1);
    const sourceParent = this.#find({ volume: source.volume, parts: source.parts.slice(0, -1) });
    const targetParent = this.#find({ volume: target.volume, parts: target.parts.slice(0, -1) });
    if (
      !sourceName ||
      !targetName ||
      sourceParent?.kind !== 'directory' ||
      targetParent?.kind !== 'directory'
    ) {
      return false;
    }
    const node = sourceParent.children.get(sourceName.toLowerCase());
    if (!node || (node.kind === 'directory' && isInside(target, source))) return false;
    const existing = targetParent.children.get(targetName.toLowerCase());
    if (existing && existing !== node) {
      if (!replace || existing.kind === 'directory') return false;
      this.#usedBytes -= sizeOf(existing);
    }
    sourceParent.children.delete(sourceName.toLowerCase());
    node.name = targetName;
    targetParent.children.set(targetName.toLowerCase(), node);
    this.#options.onChange(source.volume);
    if (target.volume !== source.volume) this.#options.onChange(target.volume);
    return true;
  }

  #find({ volume, parts }: SdPath): Node | undefined {
    if (!this.isMounted(volume) || volume >= this.#options.volumes) return undefined;
    let node: Node = this.#root;
    for (const part of parts) {
      if (node.kind !== 'directory') return undefined;
      const child: Node | undefined = node.children.get(part.toLowerCase());
      if (!child) return undefined;
      node = child;
    }
    return node;
  }

  #ensureDirectory(volume: number, parts: readonly string[]): DirectoryNode | undefined {
    if (!this.isMounted(volume)) return undefined;
    let node: DirectoryNode = this.#root;
    for (const part of parts) {
      let child = node.children.get(part.toLowerCase());
      if (!child) {
        child = { kind: 'directory', name: part, modified: this.#options.now(), children: new Map() };
        node.children.set(part.toLowerCase(), child);
        this.#options.onChange(volume);
      }
      if (child.kind !== 'directory') return undefined;
      node = child;
    }
    return node;
  }
}

function toEntry(node: Node): SdEntry {
  return {
    name: node.name,
    isDirectory: node.kind === 'directory',
    size: node.kind === 'file' ? node.data.length : 0,
    modified: node.modified,
  };
}

function sizeOf(node: Node): number {
  if (node.kind === 'file') return node.data.length;
  let total = 0;
  for (const child of node.children.values()) total += sizeOf(child);
  return total;
}

function isInside(inner: SdPath, outer: SdPath): boolean {
  return (
    inner.volume === outer.volume &&
    inner.parts.length > outer.parts.length &&
    outer.parts.every((part, index) => part.toLowerCase() === inner.parts[index]?.toLowerCase())
  );
}
