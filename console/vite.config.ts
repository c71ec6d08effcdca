// The console's build: Preact through esbuild's automatic JSX runtime (no Babel), code split per page.
import { defineConfig } from 'vite'
import { fileURLToPath } from 'node:url'

const root = fileURLToPath(new URL('.', import.meta.url))

export default defineConfig({
  root,
  base: '/',
  publicDir: false,
  logLevel: 'warn',
  esbuild: { jsx: 'automatic', jsxImportSource: 'preact' },
  resolve: { alias: { react: 'preact/compat', 'react-dom': 'preact/compat' } },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    assetsDir: 'assets',
    target: 'es2022',
    sourcemap: false,
    reportCompressedSize: false,
    chunkSizeWarningLimit: 700,
    rollupOptions: {
      output: {
        // What the list of checks shares with other pages (badges, run bars, the check types, formatting) is one
        // chunk, so the first page fetches a few scripts however many pages share each part.
        manualChunks: (id) =>
          /\/src\/(pages\/checks\/(types|status-badge|pager|run-bar|home\/(use-summaries|run-slots|state-counts))|pages\/check-form\/check-types|lib\/format)\.tsx?$/.test(id)
            ? 'check-list'
            : undefined,
      },
    },
  },
})
