import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { ALL_ROLES, API, type ApiRoute, type Role } from '@shala/contract';
import { everyRole, setupApp, type TestEnv } from './helpers.js';

/**
 * Generated from the contract's API table: every route x every role, plus no session.
 * A role the route does not list answers 403 whatever the input; a listed role never does.
 */
let env: TestEnv;
let tokens: Record<Role, string>;
let selfIds: Record<Role, string>;

beforeAll(async () => {
  env = await setupApp();
  const { users } = await everyRole(env);
  tokens = Object.fromEntries(ALL_ROLES.map((r) => [r, users[r].token])) as Record<Role, string>;
  selfIds = Object.fromEntries(ALL_ROLES.map((r) => [r, users[r].id])) as Record<Role, string>;
});
afterAll(() => env?.close());

// Routes that end the session or change credentials run last for each role.
const routes = (Object.entries(API) as [string, ApiRoute][]).sort(
  ([a], [b]) => Number(a === 'signout') - Number(b === 'signout'),
);

function urlOf(route: ApiRoute, role: Role): string {
  return route.url.replace(/:(\w+)/g, (_m, name: string) => (name === 'userId' ? selfIds[role] : randomUUID()));
}

describe.each(routes)('%s', (_name, route) => {
  if (route.roles === 'public') {
    it('is public: no session needed, never 401/403', async () => {
      const res = await env.app.inject({ method: route.method, url: route.url, payload: route.method === 'GET' ? undefined : {} });
      expect([401, 403]).not.toContain(res.statusCode);
      expect(res.statusCode).toBeLessThan(500);
    });
    return;
  }
  it('answers 401 without a session', async () => {
    const res = await env.app.inject({ method: route.method, url: urlOf(route, 113), payload: route.method === 'GET' ? undefined : {} });
    expect(res.statusCode).toBe(401);
    expect(res.json().error).toBe('UNAUTHENTICATED');
  });
  it.each([...ALL_ROLES])('role %i', async (role) => {
    const allowed = (route.roles as readonly Role[]).includes(role);
    const res = await env.app.inject({
      method: route.method,
      url: urlOf(route, role),
      headers: { token: tokens[role] },
      payload: route.method === 'GET' ? undefined : {},
    });
    if (allowed) {
      expect([401, 403]).not.toContain(res.statusCode);
      expect(res.statusCode).toBeLessThan(500);
    } else {
      expect(res.statusCode).toBe(403);
      expect(res.json().error).toBe('FORBIDDEN');
    }
  });
});
