// The server under benchmark: the real app plus one bare route returning constant JSON (the ceiling).
import { loadConfig } from '../src/config.js';
import { PLATFORM, openDatabase } from '../src/db/client.js';
import { seedIfEmpty } from '../src/db/seed/demo.js';
import { buildApp } from '../src/app.js';
import { eq } from 'drizzle-orm';
import { schools, users } from '../src/db/schema.js';
import { hashGenerated } from '../src/auth/crypto.js';
import { reserveLoginIds } from '../src/modules/users/service.js';

const config = loadConfig({ ...process.env, LOG_LEVEL: 'warn', AUTH_RATE_LIMIT_MAX: '100000000' });
const database = await openDatabase({ url: config.DATABASE_URL, dataDir: config.dataDir });
await seedIfEmpty(database, { demo: true });
const db = database.scoped(PLATFORM);

// A school of 2,000 students for the list benchmarks (one hash shared: only the list is measured).
const STUDENTS = Number(process.env.BENCH_STUDENTS ?? 2000);
const [demo] = await db.select().from(schools).where(eq(schools.code, 'DEMO'));
const passwordHash = await hashGenerated('bench-only');
const ids = await reserveLoginIds(db, 'DEMO', 116, STUDENTS);
for (let start = 0; start < STUDENTS; start += 500) {
  await db.insert(users).values(
    ids.slice(start, start + 500).map((loginId, i) => ({
      schoolId: demo!.id,
      roleId: 116,
      loginId,
      firstName: `Student${start + i}`,
      lastName: ['Sharma', 'Verma', 'Iyer', 'Khan', 'Das'][(start + i) % 5]!,
      email: `student${start + i}@bench.example.in`,
      passwordHash,
    })),
  );
}
const app = await buildApp({ config, database, logger: false });
app.get('/bench/ceiling', { schema: { hide: true } }, async () => ({ result: { ok: true } }));
await app.listen({ port: config.PORT, host: '127.0.0.1' });
process.send?.('ready');
process.on('SIGTERM', () => void app.close().then(() => database.close()).then(() => process.exit(0)));
