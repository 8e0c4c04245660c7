// The socket benchmark (run by run.ts): one app node, a socket.io client for each of 2 × N users
// (N teacher–system-admin pairs of the bench's chat school), messages sent through
// POST /api/chat/:userId/messages by BENCH_CHAT_SENDERS (20) loops at once for BENCH_CHAT_SECONDS
// (10 s) or BENCH_CHAT_MESSAGES (20,000), whichever ends first; measures the messages delivered to
// the recipient's socket (chat:message) per second and the delivery latency (send → received).
// Loopback only; bounded; closes every socket at the end.
import { performance } from 'node:perf_hooks';
import { io, type Socket } from 'socket.io-client';
import { REALTIME_EVENTS, type ChatMessage } from '@shala/contract';

interface Person {
  loginId: string;
  id: string;
}
export interface ChatPair {
  teacher: Person;
  admin: Person;
}
export interface SocketBenchResult {
  clients: number;
  sent: number;
  delivered: number;
  failed: number;
  seconds: number;
  perSecond: number;
  p50: number;
  p99: number;
  max: number;
}

const percentile = (sorted: number[], p: number) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]! : 0);

export async function socketBench(base: string, pairs: ChatPair[], signin: (loginId: string) => Promise<string>): Promise<SocketBenchResult> {
  const seconds = Number(process.env.BENCH_CHAT_SECONDS ?? 10);
  const maxMessages = Number(process.env.BENCH_CHAT_MESSAGES ?? 20_000);
  const senders = Number(process.env.BENCH_CHAT_SENDERS ?? 20);
  const people = pairs.flatMap((p) => [p.teacher, p.admin]);
  // Sign in (argon2id, a few at a time) and connect every client.
  const tokens = new Map<string, string>();
  for (let i = 0; i < people.length; i += 8) {
    await Promise.all(people.slice(i, i + 8).map(async (p) => tokens.set(p.id, await signin(p.loginId))));
  }
  const sentAt = new Map<string, number>();
  const latencies: number[] = [];
  let lastDelivery = 0;
  const sockets: Socket[] = await Promise.all(
    people.map(
      (p) =>
        new Promise<Socket>((resolve, reject) => {
          const s = io(base, { path: '/socket.io', auth: { token: tokens.get(p.id) }, transports: ['websocket'], reconnection: false });
          s.once('connect', () => resolve(s));
          s.once('connect_error', reject);
          s.on(REALTIME_EVENTS.chatMessage, (m: ChatMessage) => {
            if (m.recipientId !== p.id) return; // the sender's own echo
            const t0 = sentAt.get(m.text);
            if (t0 === undefined) return;
            const now = performance.now();
            latencies.push(now - t0);
            lastDelivery = now;
            sentAt.delete(m.text);
          });
        }),
    ),
  );

  let seq = 0;
  let sent = 0;
  let failed = 0;
  const start = performance.now();
  const end = start + seconds * 1000;
  const loop = async (k: number) => {
    while (performance.now() < end && seq < maxMessages) {
      const n = seq++;
      const pair = pairs[(n + k) % pairs.length]!;
      const [from, to] = n % 2 ? [pair.admin, pair.teacher] : [pair.teacher, pair.admin];
      const text = `bench ${n}`;
      sentAt.set(text, performance.now());
      const res = await fetch(`${base}/api/chat/${to.id}/messages`, {
        method: 'POST',
        headers: { token: tokens.get(from.id)!, 'content-type': 'application/json' },
        body: JSON.stringify({ text }),
      });
      await res.arrayBuffer();
      if (res.ok) sent++;
      else {
        failed++;
        sentAt.delete(text);
      }
    }
  };
  await Promise.all(Array.from({ length: senders }, (_, k) => loop(k)));
  // Stragglers: up to 3 s for the last deliveries.
  const waitUntil = performance.now() + 3000;
  while (latencies.length < sent && performance.now() < waitUntil) await new Promise((r) => setTimeout(r, 20));
  for (const s of sockets) s.close();
  const elapsed = ((lastDelivery || performance.now()) - start) / 1000;
  const sorted = latencies.slice().sort((a, b) => a - b);
  return {
    clients: sockets.length,
    sent,
    delivered: latencies.length,
    failed,
    seconds: elapsed,
    perSecond: latencies.length / elapsed,
    p50: percentile(sorted, 50),
    p99: percentile(sorted, 99),
    max: sorted.at(-1) ?? 0,
  };
}
