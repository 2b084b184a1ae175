import { describe, expect, it } from 'vitest';
import { resolveInFolder, SdCard } from './sd-card.ts';

function card() {
  const changes: number[] = [];
  const sd = new SdCard({
    volumes: 2,
    capacityBytes: 1000,
    onChange: (volume) => changes.push(volume),
    now: () => new Date(),
  });
  return { sd, changes };
}

const bytes = (text: string) => new TextEncoder().encode(text);

describe('the in-memory SD card', () => {
  it('writes files with their parent folders and reads them back case-insensitively', () => {
    const { sd, changes } = card();
    expect(sd.write('0:/gcodes/Sub/Part.gcode', bytes('G1'))).toBe(true);
    expect(new TextDecoder().decode(sd.read('/GCODES/sub/part.GCODE'))).toBe('G1');
    expect(sd.list('0:/gcodes')?.map((entry) => entry.name)).toEqual(['Sub']);
    expect(sd.freeBytes).toBe(998);
    expect(changes.length).toBeGreaterThan(0);
  });

  it('refuses to delete a non-empty folder unless recursive, and to move over a file unless asked', () => {
    const { sd } = card();
    sd.write('0:/a/b.txt', bytes('b'));
    sd.write('0:/c.txt', bytes('c'));
    expect(sd.delete('0:/a')).toBe(false);
    expect(sd.move('0:/c.txt', '0:/a/b.txt')).toBe(false);
    expect(sd.move('0:/c.txt', '0:/a/b.txt', true)).toBe(true);
    expect(new TextDecoder().decode(sd.read('0:/a/b.txt'))).toBe('c');
    expect(sd.move('0:/a', '0:/a/inside')).toBe(false);
    expect(sd.delete('0:/a', true)).toBe(true);
    expect(sd.stat('0:/a')).toBeUndefined();
    expect(sd.freeBytes).toBe(1000);
  });

  it('has an unmounted second volume and makes folders one level at a time with mkdir', () => {
    const { sd } = card();
    expect(sd.write('1:/x.g', bytes('x'))).toBe(false);
    expect(sd.list('1:/')).toBeUndefined();
    expect(sd.mkdir('0:/one/two')).toBe(false);
    expect(sd.mkdir('0:/one')).toBe(true);
    expect(sd.mkdir('0:/one')).toBe(false);
  });

  it('resolves names like RRF: absolute as given, relative in the folder', () => {
    expect(resolveInFolder('x.gcode', '0:/gcodes')).toBe('0:/gcodes/x.gcode');
    expect(resolveInFolder('0:/macros/m.g', '0:/gcodes')).toBe('0:/macros/m.g');
    expect(resolveInFolder('/sys/config.g', '0:/gcodes')).toBe('0:/sys/config.g');
    expect(resolveInFolder('../sys/a.g', '0:/gcodes')).toBe('0:/sys/a.g');
  });
});
