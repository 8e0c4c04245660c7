/**
 * A small client of Shala's API for another program (docs/api.md), typed by the OpenAPI document:
 *
 *   npm install openapi-fetch
 *   npx openapi-typescript https://<your Shala>/api/docs/json -o openapi.d.ts   (or docs/openapi.json)
 *
 * It signs in, reads the dashboard's counts, and writes the overdue fees of a session as CSV for
 * the accounts (a nightly export into Tally, for instance). apps/server/test/openapi.test.ts
 * generates openapi.d.ts from docs/openapi.json, type-checks this file against it and runs it.
 */
import createClient, { type Client } from 'openapi-fetch';
import type { paths } from './openapi';

export type Shala = Client<paths>;

/** An error answer's envelope: `error` is a stable code, `message` English for a person. */
interface Failure {
  error?: string;
  message?: string;
}

function failed(what: string, response: Response, error: Failure | undefined): Error {
  return new Error(`${what}: ${response.status} ${error?.error ?? ''} ${error?.message ?? ''}`.trim());
}

/** Signs in with a login id and password, and answers a client that sends the token on every call. */
export async function connect(baseUrl: string, loginId: string, password: string): Promise<Shala> {
  const client = createClient<paths>({ baseUrl });
  const { data, error, response } = await client.POST('/api/signin', { body: { loginId, password } });
  if (!data) throw failed('sign-in', response, error);
  const token = data.result.token;
  client.use({
    onRequest({ request }) {
      request.headers.set('token', token);
      return request;
    },
  });
  return client;
}

/** The counts on the caller's dashboard (students, teachers, classes … as its role sees them). */
export async function dashboardCounts(client: Shala) {
  const { data, error, response } = await client.GET('/api/dashboard');
  if (!data) throw failed('dashboard', response, error);
  return data.result.counts;
}

/** The school's current academic session. */
export async function currentSession(client: Shala) {
  const { data, error, response } = await client.GET('/api/school/session');
  if (!data) throw failed('sessions', response, error);
  const current = data.result.find((s) => s.isCurrent);
  if (!current) throw new Error('The school has no current session');
  return current;
}

/** A cell of a CSV: quoted when needed, and never read as a formula by a spreadsheet. */
function cell(value: string | number): string {
  let text = String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

const rupees = (paise: number) => (paise / 100).toFixed(2);

/**
 * Every overdue instalment of a session as CSV, the oldest first: one row a student and instalment,
 * amounts in rupees. A principal's or system admin's token reads it.
 */
export async function overdueFeesCsv(client: Shala, sessionId: string, asOf: string): Promise<string> {
  const rows: (string | number)[][] = [['Date', 'Student', 'Login id', 'Class', 'Instalment', 'Due date', 'Days overdue', 'Amount', 'Late fee']];
  for (let page = 1; ; page++) {
    const { data, error, response } = await client.GET('/api/school/feedues', { params: { query: { sessionId, page, pageSize: 100 } } });
    if (!data) throw failed('fee dues', response, error);
    for (const due of data.result.items) {
      const className = `${due.class.className}${due.class.section ? ` ${due.class.section}` : ''}`;
      rows.push([asOf, due.student.fullName, due.student.loginId, className, due.seq, due.dueDate, due.daysOverdue, rupees(due.amount), rupees(due.lateFee)]);
    }
    if (page * data.result.pageSize >= data.result.total) break;
  }
  return rows.map((row) => `${row.map(cell).join(',')}\r\n`).join('');
}
