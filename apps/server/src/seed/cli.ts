import { loadConfig } from '../config.js';
import { openDatabase } from '../db/client.js';
import { seedIfEmpty } from './demo.js';

const config = loadConfig();
const database = await openDatabase({ url: config.DATABASE_URL, dataDir: config.dataDir });
const result = await seedIfEmpty(database, { demo: config.DEMO });
console.log(result.created ? 'Seeded:' : 'The database already has data; nothing seeded.');
for (const a of result.accounts) console.log(`  ${a.role}  ${a.loginId}  ${a.password}`);
await database.close();
