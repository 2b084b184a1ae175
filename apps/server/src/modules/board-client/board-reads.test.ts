import { describe, expect, it } from 'vitest';
import { isKnownBoardRead } from './board-reads.ts';

describe('a board request known to only read (what goes without control)', () => {
  it.each([
    '/rr_model?key=state&flags=d99fn',
    '/rr_connect?password=',
    '/rr_filelist?dir=0:/gcodes',
    '/RR_DOWNLOAD?name=0:/sys/config.g',
    '/machine/directory/0:/gcodes',
    '/machine/model',
    '/',
    '/js/app.js',
  ])('GET %s is one', (path) => {
    expect(isKnownBoardRead('GET', path)).toBe(true);
  });

  it.each([
    ['GET', '/rr_gcode?gcode=M115'],
    ['GET', '/rr_%67code?gcode=M115'],
    ['GET', '/rr_delete?name=0:/gcodes/a.gcode'],
    ['GET', '/rr_move?old=0:/a&new=0:/b'],
    ['GET', '/rr_mkdir?dir=0:/gcodes/x'],
    ['POST', '/rr_upload?name=0:/gcodes/a.gcode'],
    ['POST', '/rr_gcode?gcode=M115'],
    ['POST', '/machine/code'],
    ['POST', '/machine/./code'],
    ['GET', '/machine/../rr_gcode?gcode=M115'],
    ['PUT', '/machine/plugin'],
    ['PUT', '/machine/systemPackage'],
    ['POST', '/machine/startPlugin'],
    ['GET', '/machine/SomePlugin/endpoint'],
    ['GET', '/rr_unknown'],
    ['HEAD', '/rr_model'],
  ])('%s %s is not', (method, path) => {
    expect(isKnownBoardRead(method, path)).toBe(false);
  });
});
