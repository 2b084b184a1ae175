/** The few portal API calls the bench makes (as the demo administrator or a demo customer). */
import type { BenchPortal } from './portal-process.ts';

export interface Login {
  /** The session's bearer token. */
  token: string;
  /** The short-lived token webcam URLs carry. */
  videoToken: string;
}

async function call<T>(url: string, init: RequestInit & { token?: string; json?: unknown }): Promise<T> {
  const headers: Record<string, string> = {};
  if (init.token) headers.authorization = `Bearer ${init.token}`;
  if (init.json !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(url, {
    ...init,
    headers,
    body: init.json === undefined ? null : JSON.stringify(init.json),
  });
  if (!response.ok)
    throw new Error(`${init.method ?? 'GET'} ${url}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/** Logs a demo account in (every demo account has the password `Demo1234!`). */
export async function login(portal: BenchPortal, email: string): Promise<Login> {
  const answer = await call<{ access_token: string; video_token: string }>(`${portal.url}/api/v1/auth`, {
    method: 'POST',
    json: { email, password: 'Demo1234!' },
  });
  return { token: answer.access_token, videoToken: answer.video_token };
}

/** The computer controller serving the demo machine group called `groupName`. */
export async function controllerOfGroup(
  portal: BenchPortal,
  admin: Login,
  groupName: string,
): Promise<number> {
  const page = await call<{ items: { name: string; computer: number }[] }>(
    `${portal.url}/api/v1/machinegroup?pageSize=100`,
    { token: admin.token },
  );
  const group = page.items.find((item) => item.name === groupName);
  if (!group) throw new Error(`no demo machine group named ${groupName}`);
  return group.computer;
}

/** A fresh gateway key for a controller (the previous one stops working). */
export async function issueGatewayKey(
  portal: BenchPortal,
  admin: Login,
  controllerId: number,
): Promise<string> {
  const answer = await call<{ key: string }>(`${portal.url}/api/v1/controller/computer/${controllerId}/key`, {
    method: 'POST',
    token: admin.token,
  });
  return answer.key;
}

/** Creates `count` computer controllers like `template` (same type and business), each with its gateway key. */
export async function createControllers(
  portal: BenchPortal,
  admin: Login,
  template: number,
  count: number,
): Promise<{ id: number; key: string }[]> {
  const like = await call<{ type: number; business: number }>(
    `${portal.url}/api/v1/controller/computer/${template}`,
    { token: admin.token },
  );
  const created: { id: number; key: string }[] = [];
  // A few at a time: the embedded database takes one statement at a time anyway.
  const parallel = 8;
  for (let first = 0; first < count; first += parallel) {
    const batch = Array.from({ length: Math.min(parallel, count - first) }, async (_, index) => {
      const controller = await call<{ id: number }>(`${portal.url}/api/v1/controller/computer`, {
        method: 'POST',
        token: admin.token,
        json: { name: `bench idle ${first + index + 1}`, type: like.type, business: like.business },
      });
      return { id: controller.id, key: await issueGatewayKey(portal, admin, controller.id) };
    });
    created.push(...(await Promise.all(batch)));
  }
  return created;
}
