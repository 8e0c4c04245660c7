/**
 * The contract without its schemas: roles, web routes and menus, error codes, the public API
 * routes. The web's start-up path (router, guards, login pages) imports only this, so the login
 * page loads no zod (its JavaScript budget is checked in apps/web/e2e/budget.spec.ts). The
 * signed-in layout and the dashboard take the contract's values from schema-free modules too (the
 * index reaches them: paging, session-pick, notification-kinds, money; apps/web/contract-web.ts),
 * so the way in loads no zod either.
 */
export * from './roles.js';
export * from './landing.js';
export * from './routes.js';
export * from './errors.js';
export * from './error-reasons.js';
export * from './public-api.js';
// The one date format (no imports): an error's day is read as a date on the login pages too.
export * from './dates.js';
// CSV as both apps write it (no imports).
export * from './csv.js';
