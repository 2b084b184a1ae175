import type { ComputerController, LoginResponse, MachineGroup, Page } from '@portal/contract';
import type { TestPortal } from './portal.ts';

export const DEMO_PASSWORD = 'Demo1234!';

/** A signed-in user: the session token for the API and the webcam token for video URLs. */
export interface Session {
  token: string;
  videoToken: string;
}

/** Calls the portal's API with the session's bearer token; any answer but 2xx throws with its body. */
export async function api<T>(
  portal: TestPortal,
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

export async function logIn(portal: TestPortal, email: string, password = DEMO_PASSWORD): Promise<Session> {
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

export const logOut = (portal: TestPortal, session: Session) =>
  api(portal, session, 'DELETE', '/api/v1/auth');

/** The computer controller of a demo machine group, by the group's name. */
export async function controllerOf(portal: TestPortal, admin: Session, groupName: string): Promise<number> {
  const groups = await api<Page<MachineGroup>>(portal, admin, 'GET', '/api/v1/machinegroup?pageSize=200');
  const group = groups.items.find((candidate) => candidate.name === groupName);
  if (!group) throw new Error(`no demo machine group named ${groupName}`);
  return group.computer;
}

/** A new gateway key for a controller (administrators); it replaces the previous one. */
export async function issueGatewayKey(
  portal: TestPortal,
  admin: Session,
  controllerId: number,
): Promise<string> {
  const answer = await api<{ key: string }>(
    portal,
    admin,
    'POST',
    `/api/v1/controller/computer/${controllerId}/key`,
  );
  return answer.key;
}

/** Creates a computer controller like an existing one (same type and business), for fleets larger than the demo. */
export async function createController(
  portal: TestPortal,
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
  portal: TestPortal,
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

/** `count` new computer controllers with a gateway key each, like the first one the administrator sees. */
export async function createGatewayControllers(
  portal: TestPortal,
  admin: Session,
  count: number,
  prefix: string,
): Promise<{ controller: number; key: string }[]> {
  const { items } = await api<Page<ComputerController>>(
    portal,
    admin,
    'GET',
    '/api/v1/controller/computer?pageSize=1',
  );
  const like = items[0];
  if (!like) throw new Error('the demo database has no computer controller to copy');
  return inBatches(
    Array.from({ length: count }, (_, index) => index),
    20,
    async (index) => {
      const controller = await createController(portal, admin, like, `${prefix} ${index + 1}`);
      return { controller, key: await issueGatewayKey(portal, admin, controller) };
    },
  );
}
