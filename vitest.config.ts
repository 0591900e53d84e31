import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['src/**/*.test.ts'],
          globalSetup: ['src/server/test/global-setup.ts'],
          testTimeout: 20_000,
          hookTimeout: 60_000,
          // expect.poll gives up after 1 s by default: too little for a busy 2-core CI machine. A poll that
          // succeeds returns at once; only a failing one waits this long.
          expect: { poll: { timeout: 15_000 } },
          pool: 'forks',
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.e2e.ts'],
          globalSetup: ['e2e/support/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          expect: { poll: { timeout: 15_000 } },
          fileParallelism: false,
          pool: 'forks',
        },
      },
    ],
  },
});
