import type { Deps } from '../../context.js';
import { FIRST_PASSWORD_KEEP_MS } from '../../adapters/mail/index.js';
import { safeError } from '../../log.js';

/** Mails a new account's login id and first password; delivery runs after the answer. */
export function sendCredentials(deps: Deps, m: { to: string; name: string; loginId: string; password: string }) {
  const url = `${deps.config.PUBLIC_URL ?? `http://localhost:${deps.config.PORT}`}/sms_frontend/`;
  const text = [
    `Hello ${m.name},`,
    '',
    'An account has been created for you on Shala.',
    `Login id: ${m.loginId}`,
    `First password: ${m.password}`,
    `Sign in at ${url} and change the password from your profile.`,
    '',
    `नमस्ते ${m.name}, Shala पर आपका खाता बनाया गया है। लॉगिन आईडी: ${m.loginId}, पहला पासवर्ड: ${m.password}`,
  ].join('\n');
  deps.mailer
    .send({ to: m.to, subject: 'Your Shala account', text, keepMs: FIRST_PASSWORD_KEEP_MS })
    .catch((err) => deps.log.error({ err: safeError(err) }, 'account mail failed'));
}
