import { queryOptions, useQuery, type QueryClient, type QueryKey } from '@tanstack/react-query';
import { DASHBOARD_PAGES, ROLE, type DashboardHome, type Role } from '@shala/contract';
import { call } from './client';
import { queryKeys } from './queries';
import { readAuth } from './auth';
import { SESSION_KEY, session } from './storage';

/**
 * The landing page's one answer (GET /api/dashboard/home): the counts, the cards' data, the
 * header's profile and sessions, and the bell. Each part is also stored as the answer of the query
 * its own screen or card asks (`fill`), so a card, the header and the bell show it without asking
 * again: after the sign-in, the landing page makes one data call instead of ten to seventeen.
 */
export const dashboardHomeKey = (sessionId: string | null) => [...queryKeys.dashboard, 'home', sessionId] as const;

/**
 * Stores `data` as the answer of `key`, as of `at` (its staleness counts from then), unless the
 * query already holds a newer answer (a refetch that came back after the one answer) or was
 * invalidated by a change since (a notice published elsewhere): that query asks its route itself.
 */
export function fill(client: QueryClient, key: QueryKey, data: unknown, at: number): void {
  const state = client.getQueryState(key);
  if (state && (state.dataUpdatedAt > at || state.isInvalidated)) return;
  client.setQueryData(key, data, { updatedAt: at });
}

/** When each answer was asked for: its parts are as of then (a query answered since holds newer data). */
const askedAt = new WeakMap<DashboardHome, number>();

/** When `answer` was asked for (`otherwise`: not by this tab's query, e.g. a test's). */
export const answerAskedAt = (answer: DashboardHome, otherwise: number): number => askedAt.get(answer) ?? otherwise;

/** The header's and the bell's parts of an answer, and the answer under the session it is of. */
function fillHeader(client: QueryClient, answer: DashboardHome, at: number): void {
  const { userId } = readAuth();
  if (userId === answer.profile.userId) fill(client, queryKeys.profile(userId), answer.profile, at);
  fill(client, queryKeys.notifications, answer.notifications, at);
  if (answer.kind !== 'platform') fill(client, queryKeys.sessions, answer.sessions, at);
  // The page asks for the session the header then picks (the same `pickSession`): it is this one.
  fill(client, dashboardHomeKey(answer.sessionId), answer, at);
}

/** The answer for the session picked in the header (null: the school's current one, or none for the owner). */
export const dashboardHomeQuery = (sessionId: string | null) =>
  queryOptions({
    queryKey: dashboardHomeKey(sessionId),
    queryFn: async ({ client, signal }) => {
      const asked = Date.now();
      const answer = await call('dashboardHome', { query: { sessionId: sessionId ?? undefined }, signal });
      askedAt.set(answer, asked);
      fillHeader(client, answer, asked);
      return answer;
    },
  });

export function useDashboardHome(sessionId: string | null, enabled = true) {
  return useQuery({ ...dashboardHomeQuery(sessionId), enabled });
}

/**
 * Asks for the landing page's answer as soon as the signed-in layout's code is in (routes.tsx),
 * before the layout renders: on a slow phone the answer then arrives while it renders, not after.
 * The header's profile and sessions and the bell wait for it rather than asking on their own (their
 * queries are under way with it: a mounting query joins them); if it fails, they ask their routes.
 */
export function prefetchLanding(client: QueryClient, role: Role | null): void {
  if (role === null) return;
  const { userId } = readAuth();
  const home = client.fetchQuery(dashboardHomeQuery(role === ROLE.OWNER ? null : session.get(SESSION_KEY.sessionId)));
  const part = <T>(key: QueryKey, pick: (answer: DashboardHome) => T, alone: (signal: AbortSignal) => Promise<T>) =>
    void client.prefetchQuery({ queryKey: key, queryFn: ({ signal }) => home.then(pick, () => alone(signal)) });
  if (userId) part(queryKeys.profile(userId), (a) => a.profile, (signal) => call('profile', { params: { userId }, signal }));
  part(queryKeys.notifications, (a) => a.notifications, (signal) => call('notifications', { query: { page: 1, pageSize: DASHBOARD_PAGES.notifications }, signal }));
  if (role !== ROLE.OWNER) part(queryKeys.sessions, (a) => a.sessions, (signal) => call('sessions', { signal }));
  // A failure is the page's to show (its own query asks again); the parts above asked their routes.
  void home.catch(() => undefined);
}
