// The server under benchmark: the real app plus one bare route returning constant JSON (the ceiling).
import { loadConfig } from '../src/config.js';
import { openDatabase } from '../src/db/client.js';
import { seedIfEmpty } from '../src/db/seed/demo.js';
import { buildApp } from '../src/app.js';

const config = loadConfig({ ...process.env, LOG_LEVEL: 'warn', AUTH_RATE_LIMIT_MAX: '100000000' });
const database = await openDatabase({ url: config.DATABASE_URL, dataDir: config.dataDir });
await seedIfEmpty(database.db, { demo: true });
const app = await buildApp({ config, db: database.db, logger: false });
app.get('/bench/ceiling', { schema: { hide: true } }, async () => ({ result: { ok: true } }));
await app.listen({ port: config.PORT, host: '127.0.0.1' });
process.send?.('ready');
process.on('SIGTERM', () => void app.close().then(() => database.close()).then(() => process.exit(0)));
