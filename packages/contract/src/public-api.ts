/**
 * The public API routes (sign-in and the one-time code) without their schemas, so the web's
 * public pages can call them without loading zod and every schema of the contract. `API` in
 * `api.ts` spreads these, so there is one source for each method, path and role list.
 */
export const PUBLIC_API = {
  signin: { method: 'POST', url: '/api/signin', roles: 'public' },
  forgot: { method: 'POST', url: '/api/forgot', roles: 'public' },
  reset: { method: 'PATCH', url: '/api/reset', roles: 'public' },
} as const;
export type PublicApiName = keyof typeof PUBLIC_API;

/** The rule for every password a person chooses (reset, change): DESIGN section 4. */
export const PASSWORD_RULES = { minLength: 10, maxLength: 128, commonListSize: 10_000 } as const;

/** One-time code rules (DESIGN section 4). */
export const OTP = { digits: 6, ttlMinutes: 10, maxAttempts: 5 } as const;
