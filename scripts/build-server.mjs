// The server as one JavaScript file: apps/server/dist/main.js (and main.js.map), what `npm start`
// runs with plain Node (docs/operations.md). `node scripts/build-server.mjs` builds it; the scripts
// that run the server call ensureServerBuilt(), which builds it when it is missing or older than its
// sources, as ensureWebBuilt() does for the web app.
//
// Only our own code is bundled (apps/server/src and the contract, packages/contract/src): every
// package from node_modules stays an import that Node resolves at run time from apps/server, so
// packages that read their own files (PGlite's WebAssembly and data files, pdfkit's font metrics,
// the pincode list) or load native code (argon2, sharp) work as they do from source, and a dynamic
// import stays lazy (PGlite is loaded only without DATABASE_URL, ioredis only with REDIS_URL).
// Our own modules that find a file next to themselves (import.meta.dirname / import.meta.url: the
// migrations, the PDF fonts, the web app's dist, package.json) get their own folder's path, taken
// relative to the bundle, so they find the same files as from source.
import fs from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { pathToFileURL } from 'node:url';
import { newest, root } from './lib.mjs';

const serverDir = path.join(root, 'apps/server');
const outDir = path.join(serverDir, 'dist');
export const SERVER_BUNDLE = path.join(outDir, 'main.js');
/**
 * The Node options the built server runs with (`npm start`, the journeys, the benches; the systemd
 * unit of docs/operations.md): stack traces point into the TypeScript sources; PGlite's WebAssembly
 * compiled by V8's baseline compiler only (db/client.ts sets it too, but Node 22 and 24 no longer
 * take it once running: on Node 24 the server idled at 420–437 MB without it on the command line);
 * V8's young generation at most 4 MB a half (Node 24 grows it to 32 MB: 100 MB more heap at idle).
 * Measured per Node in docs/performance.md ("The built server and its memory").
 */
export const SERVER_NODE_OPTIONS = ['--enable-source-maps', '--liftoff-only', '--max-semi-space-size=4'];
const inputs = ['apps/server/src', 'packages/contract/src', 'apps/server/package.json', 'packages/contract/package.json', 'scripts/build-server.mjs'];

/** True when the bundle is missing or older than one of its sources. */
export function serverBuildStale() {
  const built = fs.existsSync(SERVER_BUNDLE) ? fs.statSync(SERVER_BUNDLE).mtimeMs : 0;
  return !built || Math.max(...inputs.map(newest)) > built;
}

/**
 * Builds the bundle when it is stale, in a process of its own (esbuild stays out of the caller,
 * which may be the server itself: scripts/start.mjs). Exits the caller when the build fails.
 */
export function ensureServerBuilt() {
  if (!serverBuildStale()) return;
  console.log(fs.existsSync(SERVER_BUNDLE) ? 'Server sources changed: building the server…' : 'Building the server (first run)…');
  const res = spawnSync(process.execPath, [path.join(root, 'scripts/build-server.mjs')], { cwd: root, stdio: 'inherit' });
  if (res.status !== 0) process.exit(res.status ?? 1);
}

const toPosix = (p) => p.split(path.sep).join('/');

/** Our own TypeScript: import.meta.dirname / filename / url become its original place, relative to the bundle. */
const ownPaths = {
  name: 'shala-own-paths',
  setup(build) {
    build.onLoad({ filter: /\.ts$/ }, async (args) => {
      if (args.path.includes(`${path.sep}node_modules${path.sep}`)) return undefined;
      const source = await fs.promises.readFile(args.path, 'utf8');
      if (!source.includes('import.meta')) return { contents: source, loader: 'ts' };
      const file = JSON.stringify(toPosix(path.relative(outDir, args.path)));
      const dir = JSON.stringify(toPosix(path.relative(outDir, path.dirname(args.path))));
      const contents = source
        .replaceAll('import.meta.dirname', `__shalaPath(${dir})`)
        .replaceAll('import.meta.filename', `__shalaPath(${file})`)
        .replaceAll('import.meta.url', `__shalaUrl(${file})`);
      return { contents, loader: 'ts' };
    });
  },
};

/** Packages stay external (resolved by Node at run time), but for our workspace's own (@shala/contract). */
const packagesExternal = {
  name: 'shala-packages-external',
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.path.startsWith('@shala/') || path.isAbsolute(args.path)) return undefined;
      return { path: args.path, external: true };
    });
  },
};

const banner = [
  "import { fileURLToPath as __shalaFileURLToPath, pathToFileURL as __shalaPathToFileURL } from 'node:url';",
  "import __shalaNodePath from 'node:path';",
  'const __shalaBundleDir = __shalaNodePath.dirname(__shalaFileURLToPath(import.meta.url));',
  'const __shalaPath = (rel) => __shalaNodePath.join(__shalaBundleDir, rel);',
  'const __shalaUrl = (rel) => __shalaPathToFileURL(__shalaNodePath.join(__shalaBundleDir, rel)).href;',
].join('\n');

/** Builds apps/server/dist/main.js and its source map; each file written whole, then renamed into place. */
export async function buildServer() {
  const esbuild = await import('esbuild');
  const started = Date.now();
  const result = await esbuild.build({
    absWorkingDir: root,
    entryPoints: [path.join(serverDir, 'src/main.ts')],
    outfile: SERVER_BUNDLE,
    bundle: true,
    platform: 'node',
    format: 'esm',
    // The oldest Node the project supports (package.json engines).
    target: 'node20.19',
    // Class and function names as in the source: errors' names go to the log (log.ts).
    keepNames: true,
    // Stack traces point into the sources (Node's --enable-source-maps); the sources themselves stay
    // in the repository, not in the map.
    sourcemap: 'linked',
    sourcesContent: false,
    banner: { js: banner },
    plugins: [packagesExternal, ownPaths],
    write: false,
    logLevel: 'warning',
  });
  fs.mkdirSync(outDir, { recursive: true });
  // The map first, the bundle last: a bundle newer than its sources is a whole one.
  const isMap = (out) => out.path.endsWith('.map');
  for (const out of [...result.outputFiles.filter(isMap), ...result.outputFiles.filter((out) => !isMap(out))]) {
    const tmp = `${out.path}.${process.pid}.tmp`;
    fs.writeFileSync(tmp, out.contents);
    fs.renameSync(tmp, out.path);
  }
  const size = fs.statSync(SERVER_BUNDLE).size;
  console.log(`Server built: ${path.relative(root, SERVER_BUNDLE)} (${(size / 1e6).toFixed(1)} MB) in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await buildServer();
