// The fixed start of the clock for tests and journeys (SHALA_NOW, apps/server/src/clock.ts): a
// Wednesday, 10:00 in India, a school day of the demo's session, far from midnight. Every server
// test process and every journey's server starts its clock here; nothing a test checks depends on
// the real date or hour. Change it only to another such day (not a holiday of the demo).
export const TEST_NOW = '2026-11-25T04:30:00Z';
