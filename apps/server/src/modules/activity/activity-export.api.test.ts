import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { machineGroups } from '../../db/schema.ts';
import { useTestApp } from '../../test/api-test.ts';
import { bearer } from '../../test/test-app.ts';

const t = useTestApp({ activity: { flushMs: 5 } });

describe("the activity record's CSV export", () => {
  it('writes a machine name a spreadsheet would run as a formula after a single quote', async () => {
    const hostile = '=HYPERLINK("https://evil.example","open")';
    const [group] = await t.database.db
      .update(machineGroups)
      .set({ name: hostile })
      .where(eq(machineGroups.name, 'RatRig produzione'))
      .returning();
    if (!group?.computerControllerId) throw new Error('no demo group to rename');
    t.modules.activity.log.record({
      actorUserId: null,
      controllerId: group.computerControllerId,
      ticketId: null,
      kind: 'board.gcode',
      detail: { gcode: '=1+1' },
      address: '127.0.0.1',
      outcome: 200,
    });
    await t.modules.activity.log.flush();
    const response = await t.app.inject({
      url: `/api/v1/activity/export.csv?controller=${group.computerControllerId}`,
      headers: bearer(await t.tokenFor('admin@demo.test')),
    });
    expect(response.statusCode).toBe(200);
    const [, line] = response.body.split('\n');
    expect(line).toContain(`,"'=HYPERLINK(""https://evil.example"",""open"")",`);
    expect(line).not.toContain(',"=HYPERLINK');
    // Numbers stay numbers: the sequence, the controller, the board's answer.
    expect(line).toMatch(/^\d+,/);
    expect(line).toContain(`,${group.computerControllerId},`);
    expect(line).toContain(',200,');
  });
});
