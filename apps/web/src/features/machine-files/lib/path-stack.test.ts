import { describe, expect, it } from 'vitest';
import {
  enterFolder,
  entryPath,
  folderPath,
  goUp,
  isBelowRoot,
  mayUploadInto,
  type PathStack,
  rootStack,
  startStack,
  truncateTo,
} from './path-stack';

describe('the path stack of the file browser', () => {
  it('starts at 0: and pushes a level per folder entered', () => {
    const stack = enterFolder(enterFolder(rootStack(), 'gcodes'), 'Clienti');
    expect(stack).toEqual(['0:', 'gcodes', 'Clienti']);
    expect(folderPath(stack)).toBe('0:/gcodes/Clienti');
    expect(entryPath(stack, 'a.gcode')).toBe('0:/gcodes/Clienti/a.gcode');
  });

  it('names the root folder 0:/ and its entries 0:/name', () => {
    expect(folderPath(rootStack())).toBe('0:/');
    expect(entryPath(rootStack(), 'gcodes')).toBe('0:/gcodes');
  });

  it('goes up one level, but never removes the root', () => {
    const stack: PathStack = ['0:', 'gcodes'];
    expect(goUp(stack)).toEqual(['0:']);
    expect(goUp(goUp(stack))).toEqual(['0:']);
    expect(isBelowRoot(stack)).toBe(true);
    expect(isBelowRoot(goUp(stack))).toBe(false);
  });

  it('truncates to a breadcrumb level, the root being level 0', () => {
    const stack: PathStack = ['0:', 'gcodes', 'Clienti', 'Rossi_SRL'];
    expect(truncateTo(stack, 1)).toEqual(['0:', 'gcodes']);
    expect(truncateTo(stack, 0)).toEqual(['0:']);
    expect(truncateTo(stack, 3)).toEqual(stack);
    expect(truncateTo(stack, 9)).toEqual(stack);
    expect(truncateTo(stack, -1)).toEqual(['0:']);
  });
});

describe('where the browser opens and where uploads may go', () => {
  it('opens at 0: on the admin path and at 0:/gcodes on the customer path', () => {
    expect(folderPath(startStack('admin'))).toBe('0:/');
    expect(folderPath(startStack('customer'))).toBe('0:/gcodes');
  });

  it('lets the customer path upload into its three folders and below them, the admin path everywhere', () => {
    for (const stack of [
      ['0:', 'gcodes'],
      ['0:', 'GCodes', 'Clienti'],
      ['0:', 'macros'],
      ['0:', 'filaments', 'PLA'],
    ] as PathStack[]) {
      expect(mayUploadInto(stack, 'customer'), stack.join('/')).toBe(true);
    }
    for (const stack of [['0:'], ['0:', 'sys'], ['0:', 'www', 'gcodes']] as PathStack[]) {
      expect(mayUploadInto(stack, 'customer'), stack.join('/')).toBe(false);
      expect(mayUploadInto(stack, 'admin'), stack.join('/')).toBe(true);
    }
  });
});
