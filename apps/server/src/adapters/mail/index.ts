import fs from 'node:fs/promises';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { Transporter } from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import { safeError } from '../../log.js';
import { now as clockNow, nowMs } from '../../clock.js';
import { PRIVATE_FILE_MODE, ensurePrivateDir } from '../storage/private.js';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  /**
   * For a mail that holds a secret (a one-time code, a first password): how long its outbox file
   * may stay. The sweep removes it after that; other mail stays.
   */
  keepMs?: number;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
  /** Removes outbox files whose time is up; returns how many. A no-op over SMTP. */
  sweep(now?: Date): Promise<number>;
  /** At start: creates the outbox folder (0700), when mail goes there. */
  prepare?(): Promise<void>;
}

/** How long an outbox file with a first password stays (the code mails stay for the code's TTL). */
export const FIRST_PASSWORD_KEEP_MS = 24 * 3600_000;
/** How often the outbox is swept while the server runs. */
export const OUTBOX_SWEEP_MS = 5 * 60_000;

/** Outbox file names: `<time>-<random>[-until-<epoch ms>].eml`; the part after `until-` is the expiry. */
const UNTIL = /-until-(\d{10,16})\.eml$/;

/** Removes expired secret-bearing mail files from the outbox folder. */
export async function sweepOutbox(dir: string, now = clockNow()): Promise<number> {
  let names: string[];
  try {
    names = await fs.readdir(dir);
  } catch {
    return 0;
  }
  let removed = 0;
  for (const name of names) {
    const until = UNTIL.exec(name)?.[1];
    if (until && Number(until) <= now.getTime()) {
      await fs.rm(path.join(dir, name), { force: true });
      removed++;
    }
  }
  return removed;
}

/**
 * SMTP when SMTP_URL is set; otherwise each message is written as an .eml file to the outbox
 * folder and a log line says which file, so one-time codes work on the embedded default. Log
 * lines name no recipient.
 */
export function createMailer(opts: { smtpUrl?: string; from: string; outboxDir: string; log: FastifyBaseLogger }): Mailer {
  // nodemailer is loaded at the first mail, not at start (3 MB of memory a quiet server does not need).
  const made = (options: Parameters<typeof import('nodemailer').createTransport>[0]): (() => Promise<Transporter>) => {
    let transport: Promise<Transporter> | undefined;
    return () => (transport ??= import('nodemailer').then((m) => m.default.createTransport(options)));
  };
  if (opts.smtpUrl) {
    const transport = made(opts.smtpUrl);
    return {
      async send({ keepMs: _keep, ...mail }) {
        try {
          await (await transport()).sendMail({ from: opts.from, ...mail });
        } catch (err) {
          // nodemailer's messages quote the recipients; the logger keeps only codes and frames.
          throw new Error(`SMTP delivery failed (${safeError(err).code ?? 'no code'})`, { cause: err });
        }
        opts.log.info({ subject: mail.subject }, 'mail sent');
      },
      sweep: async () => 0,
    };
  }
  const transport = made({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send({ keepMs, ...mail }) {
      const info = await (await transport()).sendMail({ from: opts.from, ...mail });
      await ensurePrivateDir(opts.outboxDir);
      const stamp = clockNow().toISOString().replace(/[:.]/g, '-');
      const until = keepMs === undefined ? '' : `-until-${nowMs() + keepMs}`;
      const name = `${stamp}-${randomBytes(3).toString('hex')}${until}.eml`;
      await fs.writeFile(path.join(opts.outboxDir, name), info.message as Buffer, { mode: PRIVATE_FILE_MODE });
      opts.log.info({ subject: mail.subject, file: name }, 'mail written to the outbox (no SMTP_URL)');
    },
    sweep: (now) => sweepOutbox(opts.outboxDir, now),
    prepare: () => ensurePrivateDir(opts.outboxDir),
  };
}
