// The OpenAPI document (src/http/openapi.ts): the committed docs/openapi.json is the one the app
// serves, Redocly finds no error in it, and a client generated from it type-checks and works.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import ts from 'typescript';
import openapiTS, { astToString } from 'openapi-typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, API_AREAS, API_DOWNLOADS, type ApiName, type ApiRoute } from '@shala/contract';
import { openapiText } from '../src/http/openapi.js';
import { PASSWORD, setupApp, type TestEnv } from './helpers.js';
import { overdueInstalment } from './fees-fixture.js';

const root = path.join(import.meta.dirname, '../../..');
const committedFile = path.join(root, 'docs/openapi.json');
const clientFile = path.join(root, 'docs/examples/shala-client.ts');

interface Operation {
  operationId?: string;
  tags?: string[];
  security?: unknown[];
  responses: Record<string, { $ref?: string; content?: Record<string, unknown> }>;
}

/** The example client's functions (docs/examples/shala-client.ts; its types need the generated file). */
interface ExampleClient {
  connect(baseUrl: string, loginId: string, password: string): Promise<unknown>;
  dashboardCounts(client: unknown): Promise<Record<string, number>>;
  currentSession(client: unknown): Promise<{ sessionId: string }>;
  overdueFeesCsv(client: unknown, sessionId: string, asOf: string): Promise<string>;
}

interface LintReport {
  totals: { errors: number; warnings: number };
  problems: { ruleId: string; message: string; severity: string }[];
}

/** `redocly lint` of the committed document, in a process of its own (it runs beside the other tests). */
async function lintDocument(): Promise<LintReport> {
  const cli = path.join(root, 'node_modules/@redocly/cli/bin/cli.js');
  const run = await promisify(execFile)(process.execPath, [cli, 'lint', committedFile, '--config', path.join(root, 'redocly.yaml'), '--format', 'json'], {
    cwd: root,
    env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true', NO_COLOR: '1' },
    maxBuffer: 64 * 1024 * 1024,
  }).catch((err: { stdout?: string; stderr?: string }) => ({ stdout: err.stdout ?? '', stderr: err.stderr ?? '' }));
  const start = run.stdout.indexOf('{');
  if (start < 0) throw new Error(`redocly lint gave no report: ${run.stderr}`);
  return JSON.parse(run.stdout.slice(start)) as LintReport;
}

let env: TestEnv;
let served: string;
let doc: { paths: Record<string, Record<string, Operation>> };
let redocly: Promise<LintReport>;

beforeAll(async () => {
  redocly = lintDocument();
  redocly.catch(() => undefined);
  env = await setupApp();
  served = openapiText((await env.app.inject({ url: '/api/docs/json' })).json());
  doc = JSON.parse(served);
});
afterAll(async () => env.close());

describe('the API table’s documentation', () => {
  it('places every route in exactly one area, and says what each download answers', () => {
    const placed = API_AREAS.flatMap((area) => area.routes);
    expect([...placed].sort()).toEqual(Object.keys(API).sort());
    const raw = Object.entries(API).filter(([, def]) => (def as ApiRoute).raw).map(([name]) => name);
    expect(raw.sort()).toEqual(Object.keys(API_DOWNLOADS).sort());
  });

  it('is served as committed in docs/openapi.json', () => {
    const committed = fs.readFileSync(committedFile, 'utf8');
    const a = committed.split('\n');
    const b = served.split('\n');
    const line = a.findIndex((text, i) => text !== b[i]);
    expect(committed === served, `docs/openapi.json differs from the document the app serves (from line ${line + 1}): run \`npm run openapi\` and commit it`).toBe(true);
  });

  it('names each operation, tags it, and declares its errors and token', () => {
    const operations = Object.values(doc.paths).flatMap((item) => Object.values(item));
    expect(operations.map((op) => op.operationId).sort()).toEqual(Object.keys(API).sort());
    for (const op of operations) {
      const def: ApiRoute = API[op.operationId as ApiName];
      expect(op.tags, op.operationId).toHaveLength(1);
      if (def.roles === 'public') expect(op.security, op.operationId).toEqual([]);
      else {
        expect(op.security, op.operationId).toBeUndefined();
        for (const status of ['400', '401', '403', '404']) expect(op.responses[status]?.$ref, `${op.operationId} ${status}`).toMatch(/^#\/components\/responses\//);
      }
    }
    const receipt = doc.paths['/api/fee/receipt/{paymentId}']!.get!;
    expect(Object.keys(receipt.responses['200']!.content!)).toEqual(['application/pdf']);
  });

  it('passes Redocly’s lint with no error', async () => {
    const report = await redocly;
    const errors = report.problems.filter((p) => p.severity === 'error').map((p) => `${p.ruleId}: ${p.message}`);
    expect(errors).toEqual([]);
    expect(report.totals.errors).toBe(0);
  });

  it('types a generated client that signs in, reads the dashboard and exports the dues', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shala-client-'));
    try {
      fs.writeFileSync(path.join(dir, 'openapi.d.ts'), astToString(await openapiTS(new URL(`file://${committedFile}`), { silent: true })));
      fs.copyFileSync(clientFile, path.join(dir, 'shala-client.ts'));
      const program = ts.createProgram([path.join(dir, 'shala-client.ts')], {
        strict: true,
        noEmit: true,
        target: ts.ScriptTarget.ES2023,
        module: ts.ModuleKind.ESNext,
        moduleResolution: ts.ModuleResolutionKind.Bundler,
        lib: ['lib.es2023.d.ts', 'lib.dom.d.ts'],
        types: [],
        // The generated openapi.d.ts and openapi-fetch's types are checked; TypeScript's own libraries are not.
        skipDefaultLibCheck: true,
        paths: { 'openapi-fetch': [path.join(root, 'node_modules/openapi-fetch')] },
      });
      const problems = ts.getPreEmitDiagnostics(program).map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
      expect(problems).toEqual([]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }

    const school = await env.f.school();
    const principal = await env.f.user(113, school);
    const student = await env.f.user(116, school, { firstName: 'Asha' });
    await overdueInstalment(env.db, school, student);
    const base = await env.app.listen({ port: 0, host: '127.0.0.1' });

    const shala = (await import(clientFile)) as ExampleClient;
    const client = await shala.connect(base, principal.loginId, PASSWORD);
    expect(await shala.dashboardCounts(client)).toMatchObject({ students: 1 });
    const session = await shala.currentSession(client);
    expect(session.sessionId).toBe(school.sessionId);
    const csv = (await shala.overdueFeesCsv(client, session.sessionId, '2026-07-01')).split('\r\n');
    expect(csv[0]).toBe('Date,Student,Login id,Class,Instalment,Due date,Days overdue,Amount,Late fee');
    expect(csv[1]).toMatch(new RegExp(`^2026-07-01,Asha Test,${student.loginId},3 A,1,\\d{4}-\\d{2}-\\d{2},7,6000\\.00,0\\.00$`));
    expect(csv).toHaveLength(3);
    await expect(shala.connect(base, principal.loginId, 'not the password')).rejects.toThrow(/401 INVALID_CREDENTIALS/);
    // Type-checking the generated client (about 0.5 MB of types) is 15 s of one core alone; CI runs
    // this step beside the journeys, where it took more than the usual 30 s once.
  }, 120_000);
});
