import { reactRouter } from '@react-router/dev/vite';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vite';

// Only for `react-router dev|build`. Vitest must not load this file (the React Router plugin
// breaks it): the root vitest config runs app/**/*.test.ts(x) without plugins.
/**
 * React, React DOM and React Router in one chunk of their own in the browser build: it changes only
 * with an upgrade (long-cached), and the Lighthouse bench can tell the framework's weight from the
 * shop's own (docs/decisions/0008).
 */
const FRAMEWORK = /[\\/]node_modules[\\/](react|react-dom|react-router|scheduler|cookie|set-cookie-parser)[\\/]/;

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [tailwindcss(), reactRouter()],
  build: isSsrBuild ? {} : { rolldownOptions: { output: { codeSplitting: { groups: [{ name: 'framework', test: FRAMEWORK }] } } } },
  server: {
    port: 5173,
    strictPort: false,
    // `npm run dev` runs the API as its own process; the browser's /api calls go there.
    proxy: process.env.DEV_API_PROXY
      ? { '/api': process.env.DEV_API_PROXY, '/identity': process.env.DEV_API_PROXY }
      : undefined,
  },
}));
