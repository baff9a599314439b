/**
 * Writes Brotli and gzip twins of the storefront's text assets after a build, so the server sends
 * compressed files without compressing on every request (@fastify/static `preCompressed`).
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

// The build's client folder: the argument, else WEB_BUILD_DIR's (as the build wrote it), else build/client.
const dir = path.resolve(process.argv[2] ?? path.join(process.env.WEB_BUILD_DIR ?? 'build', 'client'));
const COMPRESSIBLE = /\.(js|mjs|css|svg|json|txt|xml|html|map|webmanifest)$/;

let files = 0;
let before = 0;
let after = 0;
for (const entry of fs.readdirSync(dir, { withFileTypes: true, recursive: true })) {
  if (!entry.isFile() || !COMPRESSIBLE.test(entry.name)) continue;
  const file = path.join(entry.parentPath, entry.name);
  const content = fs.readFileSync(file);
  if (content.length < 1024) continue;
  const brotli = zlib.brotliCompressSync(content, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } });
  fs.writeFileSync(`${file}.br`, brotli);
  fs.writeFileSync(`${file}.gz`, zlib.gzipSync(content, { level: 9 }));
  files++;
  before += content.length;
  after += brotli.length;
}
process.stdout.write(`precompressed ${files} assets: ${Math.round(before / 1024)} KiB → ${Math.round(after / 1024)} KiB (brotli)\n`);
