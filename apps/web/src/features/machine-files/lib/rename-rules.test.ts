import { describe, expect, it } from 'vitest';
import { renamedPath, renameProblem } from './rename-rules';

describe('renaming a board entry', () => {
  it('refuses empty names, dot names and anything that would move it to another folder', () => {
    for (const next of ['', '   ', '.', '..', 'a/b.gcode', 'a\\b.gcode']) {
      expect(renameProblem('cube.gcode', next)).toBe('invalid');
    }
  });

  it('asks for a different name, and accepts any other', () => {
    expect(renameProblem('cube.gcode', ' cube.gcode ')).toBe('unchanged');
    expect(renameProblem('cube.gcode', 'Cubo 20 mm.gcode')).toBeNull();
  });

  it('keeps the entry in its folder', () => {
    expect(renamedPath('0:/gcodes/Clienti/cube.gcode', ' cubo.gcode')).toBe('0:/gcodes/Clienti/cubo.gcode');
    expect(renamedPath('0:/gcodes', 'stampe')).toBe('0:/stampe');
  });
});
