import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { counterSum, type Deployment, metricsOf, startDeployment } from '../test-kit/deployment.ts';
import { logIn, logOut, type Session } from '../test-kit/portal-api.ts';

/**
 * Three portal instances of one deployment behind HAProxy running deploy/haproxy.cfg, on one PostgreSQL database
 * and one Redis (deploy/README.md, "Running several instances"; docs/design.md §7): sessions, housekeeping, drain
 * and Redis restarts. Machines reached through an instance that does not hold their tunnel: cross-instance.int.test.ts.
 */

let deployment: Deployment;

beforeAll(async () => {
  deployment = await startDeployment({ instances: 3 });
}, 180_000);

afterAll(async () => {
  await deployment?.stop();
}, 60_000);

/** A page of machine groups: any signed-in user may list theirs, and every instance answers it from the database. */
const LISTED = '/api/v1/machinegroup';
const list = (origin: string, session: Session) =>
  fetch(`${origin}${LISTED}?pageSize=1`, { headers: { authorization: `Bearer ${session.token}` } });
const statusOf = async (origin: string, session: Session) => (await list(origin, session)).status;

const readyzOf = async (origin: string) =>
  fetch(`${origin}/readyz`).then(
    (response) => response.status,
    () => 0,
  );

const listedBy = async (instance: Deployment['instances'][number]) =>
  counterSum(await metricsOf(instance), 'portal_http_requests_total', {
    method: 'GET',
    route: LISTED,
    status: '200',
  });

describe('three instances behind HAProxy', () => {
  it('are all ready, as HAProxy checks them on /readyz for the portal and the machine origins', async () => {
    for (const instance of deployment.instances) expect(await readyzOf(instance.url)).toBe(200);
    const names = deployment.instances.map((instance) => instance.name);
    for (const backend of ['portal', 'machines']) {
      const states = await deployment.serverStates(backend);
      expect(Object.keys(states).sort()).toEqual(names);
      expect(Object.values(states).every((state) => state === 'UP')).toBe(true);
    }
  });

  it('spreads requests round robin, and a session opened through HAProxy works on every instance', async () => {
    const session = await logIn(deployment, 'customer@demo.test');
    const before = await Promise.all(deployment.instances.map(listedBy));
    for (let request = 0; request < 12; request++) expect(await statusOf(deployment.url, session)).toBe(200);
    const after = await Promise.all(deployment.instances.map(listedBy));
    // Round robin without stickiness: each of the three served its share.
    for (const [index, count] of after.entries())
      expect(count - (before[index] ?? 0)).toBeGreaterThanOrEqual(3);
    for (const instance of deployment.instances) expect(await statusOf(instance.url, session)).toBe(200);
  });

  it('keeps the Host header on the machine origins, which answer for the machine their host names', async () => {
    // m7's origin refuses a path of another machine (404) and asks for its cookie on its own (docs/machine-origins.md):
    // an origin that lost its Host through HAProxy would name no machine and answer 404 to both.
    const own = await fetch(`${deployment.machineUrl(7)}/proxy/duet/3.6/customer/7/rr_model`);
    const other = await fetch(`${deployment.machineUrl(7)}/proxy/duet/3.6/customer/8/rr_model`);
    expect(other.status).toBe(404);
    expect(own.status).not.toBe(404);
    expect(own.status).toBeLessThan(500);
  });

  it('ends a session on every instance within a second when it logs out through HAProxy', async () => {
    const session = await logIn(deployment, 'manager@demo.test');
    // Every instance has checked the session and trusts it for a while (its session cache).
    for (const instance of deployment.instances) expect(await statusOf(instance.url, session)).toBe(200);
    await logOut(deployment, session);
    for (const instance of deployment.instances) {
      await expect.poll(() => statusOf(instance.url, session), { timeout: 1_000, interval: 50 }).toBe(401);
    }
  });

  it('runs each housekeeping task once per period, whichever instances look for it', async () => {
    // Every claim an instance makes is an insert meeting the task's row (the BEFORE INSERT trigger sees it, with the
    // instance's connection name); only a claim that wins writes the row (the AFTER trigger sees that). The test's
    // own connection has no name: its update below, which makes every task due, is no instance's move.
    await deployment.query(`
      create table claims (task text, instance text, at timestamptz default clock_timestamp());
      create table moves (task text, instance text, at timestamptz default clock_timestamp());
      create function log_claim() returns trigger language plpgsql as $$
        begin
          insert into claims (task, instance) values (new.task, current_setting('application_name'));
          return new;
        end $$;
      create function log_move() returns trigger language plpgsql as $$
        begin
          insert into moves (task, instance) values (new.task, current_setting('application_name'));
          return new;
        end $$;
      create trigger claims before insert on housekeeping_runs for each row execute function log_claim();
      create trigger moves after insert or update on housekeeping_runs for each row execute function log_move();
    `);
    const started = (await deployment.query<{ now: Date }>('select clock_timestamp() as now'))[0]?.now;
    // Every task due now (a task no instance has claimed yet has no row, and is due too).
    await deployment.query("update housekeeping_runs set next_run_at = now() - interval '1 second'");
    // Wait until every instance has asked for every task since; each looks every 15 s (apps/server/src/server.ts).
    const asked = async () => {
      const [row] = await deployment.query<{ tasks: number; pairs: number }>(
        `select count(distinct task)::int as tasks, count(distinct (task, instance))::int as pairs
         from claims where at > $1`,
        [started],
      );
      return row && row.tasks > 0 && row.pairs === row.tasks * deployment.instances.length;
    };
    await expect.poll(asked, { timeout: 40_000, interval: 500 }).toBe(true);
    const tasks = await deployment.query<{ task: string }>(
      'select distinct task from claims where at > $1 order by task',
      [started],
    );
    const moves = await deployment.query<{ task: string; times: number }>(
      "select task, count(*)::int as times from moves where at > $1 and instance <> '' group by task order by task",
      [started],
    );
    expect(moves).toEqual(tasks.map(({ task }) => ({ task, times: 1 })));
  }, 60_000);

  it('drains an instance on SIGTERM with no failed request through HAProxy', async () => {
    const session = await logIn(deployment, 'customer@demo.test');
    const leaving = deployment.instances[2];
    if (!leaving) throw new Error('no third instance');
    const failures: string[] = [];
    let answered = 0;
    let streaming = true;
    // A steady stream: four clients, each asking again as soon as it has its answer.
    const client = async () => {
      while (streaming) {
        const status = await statusOf(deployment.url, session).catch((error: Error) => error.message);
        if (status === 200) answered++;
        else failures.push(String(status));
      }
    };
    const clients = Array.from({ length: 4 }, client);
    await expect.poll(() => answered, { timeout: 5_000 }).toBeGreaterThan(20);

    const exited = leaving.terminate();
    await expect.poll(() => readyzOf(leaving.url), { timeout: 2_000 }).toBe(503);
    await expect
      .poll(async () => (await deployment.serverStates('portal'))[leaving.name], { timeout: 10_000 })
      .toMatch(/^DOWN/);
    expect(await exited).toBe(0);
    const afterExit = answered;
    await expect.poll(() => answered, { timeout: 5_000 }).toBeGreaterThan(afterExit + 20);
    streaming = false;
    await Promise.all(clients);
    expect(failures).toEqual([]);

    await leaving.start();
    await expect
      .poll(async () => (await deployment.serverStates('portal'))[leaving.name], { timeout: 15_000 })
      .toBe('UP');
  }, 60_000);

  it('survives a Redis restart: unready meanwhile but serving, ready again by itself, logouts reach every instance', async () => {
    const session = await logIn(deployment, 'tech@demo.test');
    await deployment.redis.kill();
    for (const instance of deployment.instances) {
      await expect.poll(() => readyzOf(instance.url), { timeout: 5_000 }).toBe(503);
    }
    // What needs only the database still works, on every instance and through HAProxy, which serves from the
    // instances that are alive while none is ready.
    for (const instance of deployment.instances) expect(await statusOf(instance.url, session)).toBe(200);
    await expect
      .poll(() => deployment.serverStates('portal'), { timeout: 10_000 })
      .toEqual(
        Object.fromEntries(
          deployment.instances.map((instance) => [instance.name, expect.stringMatching(/^DOWN/)]),
        ),
      );
    expect(await statusOf(deployment.url, session)).toBe(200);

    await deployment.redis.start();
    for (const instance of deployment.instances) {
      await expect.poll(() => readyzOf(instance.url), { timeout: 5_000 }).toBe(200);
    }
    await logOut(deployment, session);
    for (const instance of deployment.instances) {
      await expect.poll(() => statusOf(instance.url, session), { timeout: 1_000, interval: 50 }).toBe(401);
    }
  }, 60_000);
});
