// The server of the scale bench (scale.ts) on data already there (`npm run seed:scale`): the real
// app on DATABASE_URL, nothing seeded, with the statement capture of capture.ts.
import { loadConfig } from '../src/config.js';
import { openDatabase } from '../src/db/client.js';
import { buildApp } from '../src/app.js';
import { installCapture } from './capture.js';

const config = loadConfig({ ...process.env, LOG_LEVEL: 'warn', AUTH_RATE_LIMIT_MAX: '100000000', JOBS: 'off' });
const database = await openDatabase({ url: config.DATABASE_URL, dataDir: config.dataDir, poolSize: 20 });
const app = await buildApp({ config, database, logger: false });
installCapture(app);
await app.listen({ port: config.PORT, host: '127.0.0.1' });
process.send?.({ ready: true });
process.on('SIGTERM', () => void app.close().then(() => database.close()).then(() => process.exit(0)));
