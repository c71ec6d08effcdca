import os from 'node:os'
import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts', 'console/test/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 30_000,
    // Files share their worker's module graph (isolate: false): importing the service once per worker, not once per
    // file, saves about a second a file. Tests therefore keep no state in modules: each builds what it uses.
    pool: 'forks',
    isolate: false,
    // One file per core: most files wait on Chromium, databases or sockets as much as they compute.
    poolOptions: { forks: { minForks: 1, maxForks: Math.max(2, os.availableParallelism()) } },
    globalSetup: ['test/helpers/build-console.ts'],
    setupFiles: ['test/helpers/file-cpu.ts'],
  },
})
