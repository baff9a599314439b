import { reactRouter } from '@react-router/dev/vite';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vite';

// Only for `react-router dev|build`. Vitest must not load this file (the React Router plugin
// breaks it): the root vitest config runs app/**/*.test.ts(x) without plugins.
export default defineConfig({
  plugins: [tailwindcss(), reactRouter()],
  server: {
    port: 5173,
    strictPort: false,
    // `npm run dev` runs the API as its own process; the browser's /api calls go there.
    proxy: process.env.DEV_API_PROXY
      ? { '/api': process.env.DEV_API_PROXY, '/identity': process.env.DEV_API_PROXY }
      : undefined,
  },
});
