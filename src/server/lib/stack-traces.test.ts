/** Stack traces of a compiled bundle name the TypeScript source and line, the map read on first use. */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { build } from 'esbuild';
import { afterAll, expect, it } from 'vitest';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sahifa-stacks-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

// A bundle built as the server's is (esbuild, ESM, a map beside it), run by a Node of its own: the hook is global.
async function bundle(source: string, withMap = true) {
  const entry = path.join(dir, 'entry.ts');
  fs.writeFileSync(entry, source);
  const outfile = path.join(dir, 'out', 'main.js');
  await build({
    entryPoints: [entry],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    sourcemap: withMap,
    sourcesContent: false,
    logLevel: 'silent',
  });
  if (!withMap) fs.rmSync(`${outfile}.map`, { force: true });
  return outfile;
}
const run = (file: string) => execFileSync(process.execPath, [file], { encoding: 'utf8' });

const SOURCE = (lib: string) => `import { mapStackTracesLazily } from ${JSON.stringify(lib)};
const installed = mapStackTracesLazily(import.meta.url);
function inner(): never {
  throw new TypeError('عطل تجريبي');
}
try {
  inner();
} catch (err) {
  console.log(JSON.stringify({ installed, stack: (err as Error).stack }));
}
`;
const lib = path.resolve(import.meta.dirname, 'stack-traces.ts');

it('names the TypeScript file and line of each frame of the bundle, after the error’s name and message', async () => {
  const out = await bundle(SOURCE(lib));
  const { installed, stack } = JSON.parse(run(out)) as { installed: boolean; stack: string };
  expect(installed).toBe(true);
  const lines = stack.split('\n');
  expect(lines[0]).toBe('TypeError: عطل تجريبي');
  // The throw is on line 4 of entry.ts, column 9; the call on line 7.
  expect(lines[1]).toMatch(new RegExp(`^ {4}at inner \\(${path.join(dir, 'entry.ts')}:4:9\\)$`));
  expect(lines[2]).toContain(`${path.join(dir, 'entry.ts')}:7:`);
  expect(stack).not.toContain('main.js:');
});

it('leaves stacks alone without a map, or when Node maps them itself', async () => {
  const out = await bundle(SOURCE(lib), false);
  const plain = JSON.parse(run(out)) as { installed: boolean; stack: string };
  expect(plain.installed).toBe(false);
  expect(plain.stack).toContain('main.js:');
  const mapped = await bundle(SOURCE(lib));
  const byNode = JSON.parse(execFileSync(process.execPath, ['--enable-source-maps', mapped], { encoding: 'utf8' })) as {
    installed: boolean;
    stack: string;
  };
  expect(byNode.installed).toBe(false);
  expect(byNode.stack).toContain('entry.ts:4:');
});

it('keeps the bundle’s own positions when the map cannot be read; keeps a Node error’s code', async () => {
  const out = await bundle(`import path from 'node:path';
import { mapStackTracesLazily } from ${JSON.stringify(lib)};
const installed = mapStackTracesLazily(import.meta.url);
const stacks: string[] = [];
for (let i = 0; i < 200; i++) {
  try {
    path.join(1 as unknown as string);
  } catch (err) {
    stacks.push((err as Error).stack!);
  }
}
console.log(JSON.stringify({ installed, stacks }));
`);
  fs.writeFileSync(`${out}.map`, '{ truncated');
  const { installed, stacks } = JSON.parse(run(out)) as { installed: boolean; stacks: string[] };
  expect(installed).toBe(true);
  expect(stacks).toHaveLength(200);
  expect(stacks[0]!.split('\n')[0]).toMatch(/^TypeError \[ERR_INVALID_ARG_TYPE\]: /);
  expect(stacks[199]).toContain('main.js:');
  expect(stacks[199]).not.toContain('entry.ts');
});
