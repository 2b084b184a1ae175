import { describe, expect, it } from 'vitest';
import { activityDetailLine } from './activity-detail';

describe("an activity entry's detail line", () => {
  it('shows the G-code, the file with size and hash, the move and the named path', () => {
    expect(activityDetailLine({ kind: 'board.gcode', detail: { gcode: 'M115' } })).toBe('M115');
    expect(
      activityDetailLine({
        kind: 'board.upload',
        detail: { name: '0:/gcodes/a.gcode', size: 1234, sha256: 'abcdef0123456789' },
      }),
    ).toBe('0:/gcodes/a.gcode (1234 B, SHA-256 abcdef012345…)');
    expect(activityDetailLine({ kind: 'board.upload', detail: { name: '0:/gcodes/a.gcode' } })).toBe(
      '0:/gcodes/a.gcode',
    );
    expect(activityDetailLine({ kind: 'board.move', detail: { from: '0:/a', to: '0:/b' } })).toBe(
      '0:/a → 0:/b',
    );
    expect(activityDetailLine({ kind: 'board.mkdir', detail: { name: '0:/gcodes/x' } })).toBe('0:/gcodes/x');
  });

  it('shows the object of an administrative action and the fields it was given', () => {
    expect(
      activityDetailLine({
        kind: 'user.update',
        detail: { route: 'PUT /api/v1/users/:id', id: 12, role: 2, enabled: false },
      }),
    ).toBe('#12: role=2, enabled=false');
    expect(
      activityDetailLine({
        kind: 'business.create',
        detail: { route: 'POST /api/v1/business', created: 7, name: 'Acme' },
      }),
    ).toBe('#7: name=Acme');
  });
});
