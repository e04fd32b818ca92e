import { defineConfig } from 'vite';

// The UI is built into web/dist and served by svc itself at / (see src/features/web).
export default defineConfig({
  root: import.meta.dirname,
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    // Build timing notes only say the machine was busy (tests build while others run).
    rolldownOptions: { checks: { bundlerTimings: false } },
  },
  esbuild: { jsx: 'automatic' },
});
