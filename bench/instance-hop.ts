/**
 * What the instance link costs (deploy/README.md, "Running several instances"; docs/design.md §7): the same proxied
 * `rr_model` sent at a steady rate to the instance holding the machine's tunnel, then to another instance that
 * forwards it there, on a deployment of two instances (its own PostgreSQL database, redis-server and HAProxy, as the
 * integration tests run it), a gateway process and the simulated board in processes of their own. Reports the added
 * p50 latency and the portals' CPU per request (both instances' together) against the goals: at most 1 ms and 20 %
 * more. `npm run bench:instances`; HOP_RATE and HOP_SECONDS change the load, HOP_PROFILE (a folder) profiles both portals.
 */
import http from 'node:http';
import { boardProxyPath } from '@portal/contract';
import { startDeployment } from '../test-kit/deployment.ts';
import { spawnGateway } from '../test-kit/gateway-process.ts';
import { controllerOf, issueGatewayKey, logIn } from '../test-kit/portal-api.ts';
import { startHardware } from './support/hardware.ts';
import { atFixedRate, getter } from './support/load.ts';
import { cpuProfileEnv, untilQuiet, watchCpu } from './support/proc.ts';

const rate = Number(process.env.HOP_RATE ?? 200);
const seconds = Number(process.env.HOP_SECONDS ?? 10);
const GOALS = { addedP50Ms: 1, addedCpu: 0.2 };

const deployment = await startDeployment({
  instances: 2,
  env: cpuProfileEnv(process.env.HOP_PROFILE),
});
const hardware = await startHardware(1024 * 1024);
try {
  const [holder, forwarder] = deployment.instances as [
    (typeof deployment.instances)[number],
    (typeof deployment.instances)[number],
  ];
  const admin = await logIn(deployment, 'admin@demo.test');
  const customer = await logIn(deployment, 'customer@demo.test');
  const controller = await controllerOf(deployment, admin, 'Prusa linea 1');
  const gateway = spawnGateway(
    {
      server: holder.url,
      controller,
      key: await issueGatewayKey(deployment, admin, controller),
      board: hardware.boardUrl,
    },
    { logLevel: 'info' },
  );
  await gateway.untilConnects(1);
  const pids = [holder, forwarder].map((instance) => instance.process.child.pid as number);
  const path = boardProxyPath('3.6', 'customer', controller, 'rr_model?key=state');
  const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
  // What the two portals use with no request at all over as long (timers, lease renewals, the live status following
  // the board): not the requests' cost, so it is taken off theirs.
  const busyWithout = async () => {
    for (const pid of pids) await untilQuiet(pid);
    const cpu = pids.map((pid) => watchCpu(pid));
    await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
    return cpu.reduce((sum, watch) => sum + watch.stop().cpuMs, 0);
  };

  const measure = async (origin: string) => {
    const send = getter(`${origin}${path}`, {
      agent,
      headers: { authorization: `Bearer ${customer.token}` },
    });
    await atFixedRate(send, rate, 2_000); // warm-up: connections, caches, JIT
    for (const pid of pids) await untilQuiet(pid);
    const cpu = pids.map((pid) => watchCpu(pid));
    const latency = await atFixedRate(send, rate, seconds * 1000);
    const cpuMs = cpu.reduce((sum, watch) => sum + watch.stop().cpuMs, 0);
    if (latency.failed > 0) throw new Error(`${origin}: ${latency.failed} failed (${latency.failure})`);
    return { ...latency, cpuMsPerRequest: Math.max(0, cpuMs - idleCpuMs) / latency.sent };
  };

  const idleCpuMs = await busyWithout();
  const local = await measure(holder.url);
  const forwarded = await measure(forwarder.url);
  const addedP50 = forwarded.p50Ms - local.p50Ms;
  const addedCpu = forwarded.cpuMsPerRequest / local.cpuMsPerRequest - 1;
  const row = (name: string, result: typeof local) =>
    `| ${name} | ${result.p50Ms.toFixed(2)} | ${result.p99Ms.toFixed(2)} | ${result.cpuMsPerRequest.toFixed(3)} |`;
  console.log(
    `\nProxied rr_model at ${rate}/s for ${seconds} s, on the holder and through another instance:\n`,
  );
  console.log(
    `the two portals idle: ${(idleCpuMs / seconds / 10).toFixed(1)} % of a core, taken off the CPU per request\n`,
  );
  console.log("| path | p50 ms | p99 ms | portals' CPU ms/request |\n|---|---|---|---|");
  console.log(row('on the instance holding the tunnel', local));
  console.log(row('forwarded by another instance', forwarded));
  const verdict = (met: boolean) => (met ? 'met' : 'MISSED');
  console.log(
    `\nthe forward adds ${addedP50.toFixed(2)} ms p50 (goal ≤ ${GOALS.addedP50Ms} ms: ${verdict(addedP50 <= GOALS.addedP50Ms)})` +
      ` and ${(addedCpu * 100).toFixed(0)} % CPU per request (goal ≤ ${GOALS.addedCpu * 100} %: ${verdict(addedCpu <= GOALS.addedCpu)})`,
  );
  agent.destroy();
  await gateway.stop();
} finally {
  await hardware.stop();
  await deployment.stop();
}
