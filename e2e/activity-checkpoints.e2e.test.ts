import path from 'node:path';
import type { ActivityVerification } from '@portal/contract';
import { Role } from '@portal/contract';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { openPglite } from '../apps/server/src/db/database.ts';
import { signIn } from '../test-kit/browser-session.ts';
import { type CatalogKey, t, tEn } from '../test-kit/catalog.ts';
import { api, logIn as apiLogIn } from '../test-kit/portal-api.ts';
import { expectAccessible } from './support/a11y.ts';
import { usePortal } from './support/suite.ts';

const { open, whileStopped } = usePortal();

/** How many of the newest entries the test takes out of the record behind the portal's back. */
const REMOVED = 2;
/** How long a screen may take to show what the server already answered (expect.poll waits 1 s by default). */
const SETTLE = { timeout: 10_000 };

/**
 * Cuts the newest entries out of the portal's record and sets the chain's head back to the entry before them, as
 * someone who can write the database (its triggers off) would: the chain itself still holds together, and only the
 * signed checkpoint the portal published when it stopped names the entries that are gone.
 */
async function cutShort(dataDir: string): Promise<{ checkpointSeq: number; keptSeq: number }> {
  const database = await openPglite(path.join(dataDir, 'pglite'));
  try {
    return await database.db.transaction(async (tx) => {
      await tx.execute('SET LOCAL session_replication_role = replica');
      const head = (await tx.execute('SELECT last_seq FROM activity_chain WHERE id = 1')) as unknown as {
        rows: { last_seq: number | string }[];
      };
      const lastSeq = Number(head.rows[0]?.last_seq);
      if (!Number.isInteger(lastSeq) || lastSeq <= REMOVED) throw new Error('no activity record to cut');
      const keptSeq = lastSeq - REMOVED;
      await tx.execute(`DELETE FROM activity_records WHERE seq > ${keptSeq}`);
      await tx.execute(
        `UPDATE activity_chain SET last_seq = ${keptSeq},
           last_hash = (SELECT hash FROM activity_records WHERE seq = ${keptSeq}) WHERE id = 1`,
      );
      return { checkpointSeq: lastSeq, keptSeq };
    });
  } finally {
    await database.close();
  }
}

type Text = (key: CatalogKey, values?: Record<string, unknown>) => string;

/** The checkpoint sentence around its time, which is the browser's way of writing it. */
const checkpointSentence = (text: Text, seq: number | undefined) =>
  text('activity.brokenCheckpoint', { at: '\u0000', seq }).split('\u0000') as [string, string];

/** Runs the check from the page and waits for what it says of the record and of the checkpoint. */
async function expectCheckpointDisagrees(
  page: Page,
  text: Text,
  broken: NonNullable<ActivityVerification['broken']>,
): Promise<void> {
  await page.getByRole('table', { name: text('activity.caption') }).waitFor();
  await page.getByRole('button', { name: text('activity.verify') }).click();
  const [before, after] = checkpointSentence(text, broken.checkpoint?.seq);
  const alert = page.getByRole('status').filter({ hasText: before });
  await alert.waitFor(SETTLE);
  const shown = (await alert.textContent()) ?? '';
  expect(shown).toContain(
    text('activity.broken', {
      seq: broken.seq,
      reason: text(`activity.brokenReasons.${broken.reason}` as CatalogKey),
    }),
  );
  // The checkpoint's entry is the number the check named.
  expect(shown).toContain(after);
  expect(await alert.getAttribute('class')).toContain('alert-danger');
}

describe('the activity record cut short behind the portal’s back', () => {
  it('is shown on the activity page as disagreeing with the signed checkpoint, in Italian and in English', async () => {
    const page = await open();
    const portal = { url: new URL((await page.request.get('/readyz')).url()).origin };
    const admin = await apiLogIn(portal, 'admin@demo.test');
    // Entries of the record: users the administrator creates.
    const managers = await api<{ items: { email: string; business: number }[] }>(
      portal,
      admin,
      'GET',
      '/api/v1/users?q=manager%40demo.test',
    );
    const business = managers.items.find((user) => user.email === 'manager@demo.test')?.business;
    for (let n = 1; n <= REMOVED + 1; n++) {
      await api(portal, admin, 'POST', '/api/v1/users', {
        business,
        email: `registro-${n}@demo.test`,
        name: 'Registro',
        surname: `Voce ${n}`,
        password: 'Registro-1234!',
        role: Role.Customer,
        enabled: true,
      });
    }
    const intact = await api<ActivityVerification>(portal, admin, 'POST', '/api/v1/activity/verify');
    expect(intact).toMatchObject({ intact: true, broken: null });

    // Stopping publishes a signed checkpoint of the head; the entries it names are then taken out.
    let cut = { checkpointSeq: 0, keptSeq: 0 };
    await whileStopped(async (dataDir) => {
      cut = await cutShort(dataDir);
    });

    const check = await api<ActivityVerification>(
      portal,
      await apiLogIn(portal, 'admin@demo.test'),
      'POST',
      '/api/v1/activity/verify',
    );
    expect(check).toMatchObject({
      intact: false,
      broken: { seq: cut.keptSeq + 1, reason: 'truncated', checkpoint: { seq: cut.checkpointSeq } },
    });
    const broken = check.broken as NonNullable<ActivityVerification['broken']>;

    await signIn(page, 'admin@demo.test', { at: '/it/activity' });
    await expectCheckpointDisagrees(page, t, broken);
    await expectAccessible(page, 'activity record disagreeing with a checkpoint (it)');

    await page.goto('/en/activity');
    await expectCheckpointDisagrees(page, tEn, broken);
    await expectAccessible(page, 'activity record disagreeing with a checkpoint (en)');
  });
});
