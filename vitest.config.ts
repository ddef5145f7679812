import { defineConfig } from 'vitest/config';
import path from 'node:path';

const alias = { '~': path.resolve(import.meta.dirname, 'app') };

export default defineConfig({
  resolve: { alias },
  test: {
    // Vitest's default is one worker on a 2-core machine: the integration files, each on its own
    // database, ran 1.25 x faster with two (decision 041). The browser files stay one at a time.
    maxWorkers: 2,
    projects: [
      {
        resolve: { alias },
        test: {
          name: 'unit',
          include: ['domain/**/*.test.ts', 'adapters/**/*.test.ts', 'app/**/*.test.{ts,tsx}', 'cli/**/*.test.ts', 'scripts/**/*.test.ts', 'test/architecture.test.ts'],
          environment: 'node',
          // Pure code without mocks: one worker's modules serve every file, instead of a fresh
          // worker (~0.3 s) per file. Integration and browser files keep their isolation.
          isolate: false,
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'integration',
          include: ['test/integration/**/*.test.ts'],
          globalSetup: ['test/support/global-database.ts', 'test/support/global-cli.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'e2e',
          include: ['test/e2e/**/*.test.ts'],
          globalSetup: ['test/support/global-database.ts', 'test/support/global-build.ts', 'test/support/global-server.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
