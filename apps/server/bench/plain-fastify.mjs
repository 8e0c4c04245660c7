// The reference for `npm run load`: plain Fastify answering one bare JSON route, in a process of
// its own (as the real server is), on the port given as the first argument. It says "ready" on its
// output once it listens, and stops on SIGTERM. Plain JavaScript, so it runs under plain Node.
import Fastify from 'fastify';

const port = Number(process.argv[2]);
const app = Fastify({ logger: false });
app.get('/api/reference', async () => ({ result: { ok: true } }));
await app.listen({ port, host: '127.0.0.1' });
process.stdout.write('ready\n');
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
