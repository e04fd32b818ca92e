// Bundles the compiled server (dist/main.js and everything it imports, dependencies included) into
// dist/bundle/main.js, which `npm start` runs, plus a chunk per module imported lazily. Start-up is mostly module loading: about
// 1 200 files, each resolved, read and compiled on its own (Node 20 has no compile cache); one
// file roughly halves the time to /readyz (docs/PERFORMANCE.md, "Start-up").
//
// Left outside the bundle, loaded from node_modules as before:
// - native or optional drivers, imported at first use: better-sqlite3, pg (and pg-native), mysql2, ioredis;
// - packages that find their own files next to their code (__dirname): pino's transport worker
//   and thread-stream, swagger-ui-dist's assets.
// dist/bundle/ sits as deep as dist/lib/, so `projectRoot` (lib/build-info.ts) is the same.
import { readdirSync, readFileSync } from 'node:fs';
import { build } from 'esbuild';

const EXTERNAL = [
  'better-sqlite3',
  'pg',
  'pg-native',
  'mysql2',
  'ioredis',
  'pino',
  'thread-stream',
  'swagger-ui-dist',
];

await build({
  entryPoints: ['dist/main.js'],
  outdir: 'dist/bundle',
  bundle: true,
  // modules the server imports at first use (the SQL data source drivers, say) become chunks
  // loaded then, not part of the start-up
  splitting: true,
  // beside main.js: a chunk's import.meta.url is as deep as dist/lib/ (projectRoot)
  chunkNames: '[name]-[hash]',
  platform: 'node',
  format: 'esm',
  target: 'node20',
  external: EXTERNAL,
  // CommonJS dependencies inside an ES module bundle still call require() and read __dirname
  banner: {
    js: [
      "import { createRequire as __svcCreateRequire } from 'node:module';",
      "import { fileURLToPath as __svcFileURLToPath } from 'node:url';",
      "import { dirname as __svcDirname } from 'node:path';",
      'const require = __svcCreateRequire(import.meta.url);',
      'const __filename = __svcFileURLToPath(import.meta.url);',
      'const __dirname = __svcDirname(__filename);',
    ].join(' '),
  },
  // whitespace and syntax only: names stay, so stack traces and error names read as in dist/
  minifyWhitespace: true,
  minifySyntax: true,
  sourcemap: 'linked',
  // One character outside ASCII makes V8 hold the whole 4 MB source as UTF-16 (8 MB of RSS for
  // as long as the server runs): licences go to main.js.LEGAL.txt, and the build fails on any
  // other non-ASCII character left in the output (below): build such a regular expression from a
  // string, whose escapes esbuild keeps.
  legalComments: 'linked',
  logLevel: 'warning',
});

for (const file of readdirSync('dist/bundle').filter((name) => name.endsWith('.js'))) {
  const text = readFileSync(`dist/bundle/${file}`, 'latin1');
  const at = text.search(/[^\x00-\x7f]/);
  if (at >= 0)
    throw new Error(`dist/bundle/${file} is not ASCII near: ${JSON.stringify(text.slice(at - 40, at + 20))}`);
}
