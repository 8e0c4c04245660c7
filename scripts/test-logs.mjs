// The server tests log at debug level into one folder; this checks that no secret or personal
// datum reached those logs. Run by `npm run test:unit` after Vitest; also `node scripts/test-logs.mjs`.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createHash } from 'node:crypto';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** TEST_LOG_DIR, else a folder in the system's tmp that is private to this checkout. */
export function testLogDir() {
  if (process.env.TEST_LOG_DIR) return path.resolve(process.env.TEST_LOG_DIR);
  const tag = createHash('sha256').update(root).digest('hex').slice(0, 10);
  return path.join(os.tmpdir(), `shala-test-logs-${tag}`);
}

/** What must never be in a log, by kind. Secrets seen by the tests are added from *.secrets files. */
const PATTERNS = [
  ['argon2 hash', /\$argon2/],
  ['email address', /[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}/],
  ['session token', /(?<![A-Za-z0-9_-])[A-Za-z0-9_-]{43}(?![A-Za-z0-9_-])/],
];

/** A numeric secret (a one-time code) counts only as a whole number, not inside a timestamp. */
function contains(line, value) {
  if (!/^\d+$/.test(value)) return line.includes(value);
  return new RegExp(`(?<!\\d)${value}(?!\\d)`).test(line);
}

/** Returns a list of findings (file, line, kind), never the secret itself. */
export function checkTestLogs(dir = testLogDir()) {
  if (!fs.existsSync(dir)) return { files: 0, findings: [`${dir} does not exist: did the server tests run?`] };
  const names = fs.readdirSync(dir);
  const logs = names.filter((n) => n.endsWith('.log'));
  const secrets = new Map();
  for (const n of names.filter((n) => n.endsWith('.secrets'))) {
    for (const line of fs.readFileSync(path.join(dir, n), 'utf8').split('\n')) {
      const [kind, ...rest] = line.split('\t');
      const value = rest.join('\t');
      if (kind && value.length >= 6) secrets.set(value, kind);
    }
  }
  const findings = [];
  let lines = 0;
  for (const n of logs) {
    const text = fs.readFileSync(path.join(dir, n), 'utf8');
    text.split('\n').forEach((line, i) => {
      if (!line) return;
      lines++;
      for (const [kind, re] of PATTERNS) if (re.test(line)) findings.push(`${n}:${i + 1}: ${kind}`);
      for (const [value, kind] of secrets) if (contains(line, value)) findings.push(`${n}:${i + 1}: ${kind}`);
    });
  }
  if (lines === 0) findings.push(`${dir} holds no log lines: the server tests must log at debug level there.`);
  return { files: logs.length, lines, secrets: secrets.size, findings };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const dir = testLogDir();
  const { files, lines, secrets, findings } = checkTestLogs(dir);
  if (findings.length) {
    console.error(`Secrets or personal data in the test logs (${dir}):`);
    for (const f of findings.slice(0, 50)) console.error(`  ${f}`);
    if (findings.length > 50) console.error(`  … and ${findings.length - 50} more`);
    process.exit(1);
  }
  console.log(`Test logs clean: ${lines} lines in ${files} files, checked for hashes, emails, tokens and ${secrets} secrets the tests used.`);
}
