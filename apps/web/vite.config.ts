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

/**
 * The shop's modules used by four or more chunks (the layout, UI parts, basket and sign-in) in one
 * `shop` chunk: a page loads about 13 scripts instead of about 42, each a round trip on a phone,
 * and compresses to less. Fewer sharers pull page-specific code into every page (docs/decisions/0013).
 */
const SHARED_BY_MANY = { name: 'shop', test: /[\\/]app[\\/]/, minShareCount: 4 };

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [tailwindcss(), reactRouter()],
  build: isSsrBuild ? {} : { rolldownOptions: { output: { codeSplitting: { groups: [{ name: 'framework', test: FRAMEWORK }, SHARED_BY_MANY] } } } },
  server: {
    port: 5173,
    strictPort: false,
    // `npm run dev` runs the API as its own process; the browser's /api calls go there.
    proxy: process.env.DEV_API_PROXY ? { '/api': process.env.DEV_API_PROXY, '/identity': process.env.DEV_API_PROXY } : undefined,
  },
}));
