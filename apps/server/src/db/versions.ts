import { sql, type AnyColumn, type SQL } from 'drizzle-orm';

/**
 * Heavy reads computed once per version of their inputs, never per reader (issue 23): a class's
 * results, its report cards and their PDFs, a class's month of attendance. The versions live in the
 * database (`read_versions`, bumped by triggers in the transaction that changes an input, migrations
 * 0022 and 0024); each node keeps its own copies, and a request checks them in the statement that
 * checks the caller's access (`versionsOfKeys`, `versionsSql`): a hit costs that one statement.
 * A copy is used only when every version matches, so once a write commits, no node serves what it
 * changed, whichever node wrote it.
 *
 * The versions are read BEFORE the inputs on a miss: a write that commits in between makes the
 * copy look older than it is (the next reader computes it again), never newer.
 */

/** The prefixes of a class's keys, as the triggers write them (migrations 0022 and 0024). */
const PREFIX = { class: 'class:', attendance: 'att:', roll: 'roll:' } as const;

/** The keys of what a read depends on (see `readVersions` in schema.ts). */
export const versionKey = {
  /** A class, its students and subjects, its exam marks, notes and publications. */
  class: (classId: string) => `${PREFIX.class}${classId}`,
  /** A class's attendance marks (any month) and its students. */
  attendance: (classId: string) => `${PREFIX.attendance}${classId}`,
  /** A class's attendance marks of one month ('YYYY-MM'): a save of one day changes its month only. */
  attendanceMonth: (classId: string, month: string) => `${PREFIX.attendance}${classId}:${month}`,
  /** A class itself and its students (who, roll numbers), not their marks. */
  roll: (classId: string) => `${PREFIX.roll}${classId}`,
  /** The school's exams, schemes, subjects, sessions, holidays, its own row, and people's names. */
  school: 'school',
} as const;

/** The same keys of a class id that a statement finds (`versionsSql` beside what it reads). */
export const versionKeySql = {
  class: (classId: SQL | AnyColumn) => sql`${sql.raw(`'${PREFIX.class}'`)} || ${classId}`,
  attendance: (classId: SQL | AnyColumn) => sql`${sql.raw(`'${PREFIX.attendance}'`)} || ${classId}`,
  school: sql.raw(`'${versionKey.school}'`),
} as const;

/**
 * The versions of `keys` (an SQL text array) in the school, as one string ("key=version,…" by
 * key, 0 for a key never bumped): a scalar subquery, for a statement that reads the versions of
 * what it finds beside it (a report card reads its student's class and that class's versions).
 */
export function versionsSql(schoolId: SQL | string, keys: SQL): SQL<string> {
  return sql<string>`(select string_agg(k.key || '=' || coalesce(v.version, 0), ',' order by k.key)
    from unnest(${keys}) as k(key) left join read_versions v on v.school_id = ${schoolId} and v.key = k.key)`;
}

/** The versions of `keys` as a column (`versionsSql`), for a statement that reads them beside what it checks (the caller's access). */
export function versionsOfKeys(schoolId: string, keys: readonly string[]): SQL<string> {
  return versionsSql(schoolId, sql`string_to_array(${keys.join(',')}, ',')`);
}

interface Entry<T> {
  versions: string;
  value: T;
  size: number;
}

/**
 * One node's copies of a kind of read, by key, each with the versions it was computed at; the
 * least recently used goes first once `maxEntries` or `maxBytes` (of `sizeOf`) is passed.
 * Concurrent misses of the same key and versions share one computation.
 */
export class StoredReads<T> {
  private readonly entries = new Map<string, Entry<T>>();
  private readonly pending = new Map<string, Promise<T>>();
  private bytes = 0;

  constructor(private readonly opts: { maxEntries: number; maxBytes?: number; sizeOf?: (value: T) => number }) {}

  /**
   * The copy of `key` made at `versions`, else `compute()`'s answer, kept for the next reader.
   * `current` says whether a copy still holds for what is not in the database (e.g. today's date).
   */
  async get(key: string, versions: string, compute: () => Promise<T>, current?: (value: T) => boolean): Promise<T> {
    const entry = this.entries.get(key);
    if (entry && entry.versions === versions && (!current || current(entry.value))) {
      // Most recently used goes last.
      this.entries.delete(key);
      this.entries.set(key, entry);
      return entry.value;
    }
    const flight = `${key}\n${versions}`;
    let promise = this.pending.get(flight);
    if (!promise) {
      promise = compute().finally(() => this.pending.delete(flight));
      this.pending.set(flight, promise);
      promise.then((value) => this.put(key, versions, value)).catch(() => undefined);
    }
    return promise;
  }

  private put(key: string, versions: string, value: T): void {
    const old = this.entries.get(key);
    if (old) {
      this.entries.delete(key);
      this.bytes -= old.size;
    }
    const size = this.opts.sizeOf?.(value) ?? 0;
    if (this.opts.maxBytes !== undefined && size > this.opts.maxBytes) return;
    this.entries.set(key, { versions, value, size });
    this.bytes += size;
    for (const [k, e] of this.entries) {
      if (this.entries.size <= this.opts.maxEntries && (this.opts.maxBytes === undefined || this.bytes <= this.opts.maxBytes)) break;
      this.entries.delete(k);
      this.bytes -= e.size;
    }
  }

  get size(): number {
    return this.entries.size;
  }
}

const owners = new WeakMap<object, Map<string, unknown>>();

/**
 * The copies of one kind of read (`name`) kept by one node: `owner` is the app's database handle
 * (`deps.data`), so two apps in one process (the tests' two nodes) keep their own.
 */
export function storedReads<T>(owner: object, name: string, opts: ConstructorParameters<typeof StoredReads<T>>[0]): StoredReads<T> {
  let byName = owners.get(owner);
  if (!byName) owners.set(owner, (byName = new Map()));
  let reads = byName.get(name) as StoredReads<T> | undefined;
  if (!reads) byName.set(name, (reads = new StoredReads<T>(opts)));
  return reads;
}

/** What a stored read sends: its answer serialized once, by the route's own serializer. */
export interface SerializedAnswer {
  body: string;
}

/** The parts of Fastify's reply used here (a route's typed reply accepts only its contract's payload). */
type RawReply = { serialize(payload: unknown): string; type(contentType: string): RawReply; send(payload: string): unknown };

/**
 * The route's answer `{ result }` serialized as the route serializes it (only the contract's fields
 * leave, `http/serializer.ts`), for a stored read to keep and send again: serializing a class's
 * results (60 students × 8 subjects × 4 exams) costs more than reading its copy.
 */
export function serializeAnswer(reply: object, result: unknown): SerializedAnswer {
  return { body: (reply as RawReply).serialize({ result }) };
}

/** Sends a stored answer as it is (Fastify does not serialize a string again); returns the reply. */
export function sendAnswer<R extends object>(reply: R, answer: SerializedAnswer): R {
  (reply as unknown as RawReply).type('application/json; charset=utf-8').send(answer.body);
  return reply;
}
