/** The built server, apps/server/dist/main.js (see build-server.mjs). */
export const SERVER_BUNDLE: string;
/** The Node options the built server runs with: stack traces point into the TypeScript sources. */
export const SERVER_NODE_OPTIONS: string[];
/** True when the bundle is missing or older than one of its sources. */
export function serverBuildStale(): boolean;
/** Builds the bundle when it is stale, in a process of its own; exits the caller when the build fails. */
export function ensureServerBuilt(): void;
/** Builds apps/server/dist/main.js and its source map. */
export function buildServer(): Promise<void>;
