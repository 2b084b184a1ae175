/** The portal's API as tests and benchmarks call it, over HTTP as any client does. */
import type { ComputerController, LoginResponse, MachineGroup, Page } from '@portal/contract';
import { DEMO_PASSWORD } from './demo.ts';

/** Any running portal: a test's or a benchmark's. */
interface Portal {
  readonly url: string;
}

/** A signed-in user: the session token for the API and the webcam token for video URLs. */
export interface Session {
  token: string;
  videoToken: string;
}

/** Calls the portal's API with the session's bearer token; any answer but 2xx throws with its body. */
export async function api<T>(
  portal: Portal,
  session: Session,
  method: string,
  path: string,
  body?: unknown,
): Promise<T> {
  const response = await fetch(`${portal.url}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${session.token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${text}`);
  return (text ? JSON.parse(text) : null) as T;
}

export async function logIn(portal: Portal, email: string, password = DEMO_PASSWORD): Promise<Session> {
  const response = await fetch(`${portal.url}/api/v1/auth`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (!response.ok)
    throw new Error(`login of ${email} answered ${response.status}: ${await response.text()}`);
  const answer = (await response.json()) as LoginResponse;
  return { token: answer.access_token, videoToken: answer.video_token };
}

export const logOut = (portal: Portal, session: Session) => api(portal, session, 'DELETE', '/api/v1/auth');

/** The computer controller of a demo machine group, by the group's name. */
export async function controllerOf(portal: Portal, admin: Session, groupName: string): Promise<number> {
  const groups = await api<Page<MachineGroup>>(portal, admin, 'GET', '/api/v1/machinegroup?pageSize=200');
  const group = groups.items.find((candidate) => candidate.name === groupName);
  if (!group) throw new Error(`no demo machine group named ${groupName}`);
  return group.computer;
}

/** A new gateway key for a controller (administrators); it replaces the previous one. */
export async function issueGatewayKey(portal: Portal, admin: Session, controllerId: number): Promise<string> {
  const answer = await api<{ key: string }>(
    portal,
    admin,
    'POST',
    `/api/v1/controller/computer/${controllerId}/key`,
  );
  return answer.key;
}

/** Creates a computer controller like an existing one (same type and business), for fleets larger than the demo. */
async function createController(
  portal: Portal,
  admin: Session,
  like: Pick<ComputerController, 'type' | 'business'>,
  name: string,
): Promise<number> {
  const created = await api<ComputerController>(portal, admin, 'POST', '/api/v1/controller/computer', {
    name,
    type: like.type,
    business: like.business,
  });
  return created.id;
}

/**
 * Enters a machine's board pages on the machine origin as a browser frame does: the portal's ticket URL is traded
 * for the HttpOnly cookie, returned as a `Cookie` header value.
 */
export async function machineCookie(
  portal: Portal,
  session: Session,
  controllerId: number,
  path: 'customer' | 'admin' = 'customer',
): Promise<string> {
  const { url } = await api<{ url: string }>(
    portal,
    session,
    'POST',
    `/api/v1/machines/${controllerId}/panel`,
    {
      path,
      firmware: '3.6',
    },
  );
  const entered = await fetch(url, { redirect: 'manual' });
  const cookie = entered.headers.getSetCookie()[0];
  if (entered.status !== 303 || !cookie) throw new Error(`the ticket was not traded: ${entered.status}`);
  return cookie.split(';', 1)[0] as string;
}

/** Runs `task` over `items`, at most `batch` at a time, and collects the results in order. */
export async function inBatches<Item, Result>(
  items: readonly Item[],
  batch: number,
  task: (item: Item, index: number) => Promise<Result>,
): Promise<Result[]> {
  const results: Result[] = [];
  for (let start = 0; start < items.length; start += batch) {
    const slice = items.slice(start, start + batch);
    results.push(...(await Promise.all(slice.map((item, offset) => task(item, start + offset)))));
  }
  return results;
}

/**
 * `count` new computer controllers with a gateway key each, like controller `like` (by default the first one the
 * administrator sees), made `parallel` at a time.
 */
export async function createGatewayControllers(
  portal: Portal,
  admin: Session,
  count: number,
  prefix: string,
  { like, parallel = 20 }: { like?: number; parallel?: number } = {},
): Promise<{ controller: number; key: string }[]> {
  const template =
    like === undefined
      ? (await api<Page<ComputerController>>(portal, admin, 'GET', '/api/v1/controller/computer?pageSize=1'))
          .items[0]
      : await api<ComputerController>(portal, admin, 'GET', `/api/v1/controller/computer/${like}`);
  if (!template) throw new Error('the demo database has no computer controller to copy');
  return inBatches(
    Array.from({ length: count }, (_, index) => index),
    parallel,
    async (index) => {
      const controller = await createController(portal, admin, template, `${prefix} ${index + 1}`);
      return { controller, key: await issueGatewayKey(portal, admin, controller) };
    },
  );
}
