/**
 * The embedded database (PGlite) is one session on the server's own thread: every statement of
 * every request takes its turn on it, and runs synchronously while it has it. Two things follow,
 * and this line keeps both:
 *
 * - The event loop must turn between turns. Chained through promises alone, turns would run back to
 *   back while any were waiting, and the loop would read no socket until the line was empty: under
 *   `npm run load` a new connection's first request waited until the load stopped, and a burst of
 *   class assignments held the loop for seconds at a time, so overload shedding answered 503 to the
 *   reads that came after it. Each turn starts one turn of the loop (`setImmediate`) after the
 *   last one ended, and a transaction gives the loop back between its statements too (client.ts).
 * - A transaction holds the session from BEGIN to COMMIT, so a burst of heavy writes would make every
 *   read wait behind all of them. Single statements and transactions wait in two lines, served in
 *   turn while both have work: a read waits for at most one transaction (and the reads before it),
 *   and a flood of reads never starves a write.
 *
 * How long each turn waited is counted: on PGlite, that wait (not the loop's delay) is what grows
 * when there is more work than the session can do (`Database.sessionQueue`, overload shedding).
 */
export type TurnKind = 'statement' | 'transaction';

interface Turn {
  queuedAt: number;
  start(): void;
}

export interface SessionLine {
  /** Runs work when its turn comes; nothing else runs on the session until it settles. */
  run<T>(kind: TurnKind, work: () => Promise<T>): Promise<T>;
  /** Turns waiting now, how long the oldest has waited, and since the start, turns given and their wait in all (ms). */
  stats(): { waiting: number; oldestWaitMs: number; started: number; waitedMs: number };
}

export function sessionLine(): SessionLine {
  const lines: Record<TurnKind, Turn[]> = { statement: [], transaction: [] };
  let busy = false;
  let lastWasTransaction = false;
  let started = 0;
  let waitedMs = 0;

  const next = () => {
    const { statement, transaction } = lines;
    const line = transaction.length && (!statement.length || !lastWasTransaction) ? transaction : statement;
    const turn = line.shift();
    if (!turn) {
      busy = false;
      return;
    }
    lastWasTransaction = line === transaction;
    started++;
    waitedMs += performance.now() - turn.queuedAt;
    turn.start();
  };
  const nextAfterATurnOfTheLoop = () => setImmediate(next);

  return {
    run<T>(kind: TurnKind, work: () => Promise<T>): Promise<T> {
      return new Promise<T>((resolve, reject) => {
        lines[kind].push({
          queuedAt: performance.now(),
          start: () => {
            let running: Promise<T>;
            try {
              running = work();
            } catch (err) {
              running = Promise.reject(err);
            }
            running.then(resolve, reject).finally(nextAfterATurnOfTheLoop);
          },
        });
        if (!busy) {
          busy = true;
          nextAfterATurnOfTheLoop();
        }
      });
    },
    stats() {
      const heads = [lines.statement[0], lines.transaction[0]].filter((t) => t !== undefined);
      const oldest = Math.min(...heads.map((t) => t.queuedAt));
      return {
        waiting: lines.statement.length + lines.transaction.length,
        oldestWaitMs: heads.length ? performance.now() - oldest : 0,
        started,
        waitedMs,
      };
    },
  };
}
