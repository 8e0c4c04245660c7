/** The fixed start of the test clock (see test-clock.mjs). */
export const TEST_NOW: string;
