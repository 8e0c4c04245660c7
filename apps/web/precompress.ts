import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** What compresses: text. Images and fonts are compressed already. */
const TEXT = /\.(js|mjs|css|html|svg|json|webmanifest|txt|xml)$/;

/**
 * Every text file of the build beside its brotli (quality 11) and gzip (level 9) copies, `x.js.br`
 * and `x.js.gz`, written once here; the server sends the one the browser accepts as it is
 * (@fastify/static's `preCompressed`) instead of compressing each answer again (brotli at
 * quality 4, the most it can afford per request). Every text file gets both, however small, so the
 * server never has one to compress on the fly. Runs last, after the service worker is written.
 */
export function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'shala-precompress',
    apply: 'build',
    enforce: 'post',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle: {
      sequential: true,
      order: 'post',
      async handler(error) {
        if (error) return;
        const files = (await fs.readdir(outDir, { recursive: true })).map((f) => path.join(outDir, f)).filter((f) => TEXT.test(f));
        const started = Date.now();
        let plain = 0;
        let br = 0;
        let gz = 0;
        await Promise.all(
          files.map(async (file) => {
            const body = await fs.readFile(file);
            const [b, g] = await Promise.all([
              brotli(body, {
                params: {
                  [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
                  [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
                  [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
                },
              }),
              gzip(body, { level: zlib.constants.Z_BEST_COMPRESSION }),
            ]);
            await Promise.all([fs.writeFile(`${file}.br`, b), fs.writeFile(`${file}.gz`, g)]);
            plain += body.length;
            br += b.length;
            gz += g.length;
          }),
        );
        const kb = (n: number) => `${(n / 1000).toFixed(0)} kB`;
        this.info(`precompressed ${files.length} files (${kb(plain)}): brotli ${kb(br)}, gzip ${kb(gz)}, in ${((Date.now() - started) / 1000).toFixed(1)} s`);
      },
    },
  };
}
