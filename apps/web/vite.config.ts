import { reactRouter } from '@react-router/dev/vite';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig, type Plugin } from 'vite';

// Only for `react-router dev|build`. Vitest must not load this file (the React Router plugin
// breaks it): the root vitest config runs app/**/*.test.ts(x) without plugins.
/**
 * React, React DOM and React Router in one chunk of their own in the browser build: it changes only
 * with an upgrade (long-cached), and the Lighthouse bench can tell the framework's weight from the
 * shop's own (docs/decisions/0008).
 */
const FRAMEWORK = /[\\/]node_modules[\\/](react|react-dom|react-router|scheduler|cookie|set-cookie-parser)[\\/]/;

/**
 * What the root route imports, statically and all the way down (the frame: header, footer, basket,
 * sign-in), in one `shop` chunk that every page loads anyway: a page loads about 16 scripts instead
 * of about 50 (docs/decisions/0013). Only the frame: code that four pages share but the frame does
 * not stays out of it, so a page carries no other page's code (docs/decisions/0054).
 */
function frameChunk(): { plugin: Plugin; group: { name: string; test: (id: string) => boolean } } {
  const frame = new Set<string>();
  const plugin: Plugin = {
    name: 'shop-frame-chunk',
    applyToEnvironment: (environment) => environment.name === 'client',
    buildEnd() {
      const root = [...this.getModuleIds()].find((id) => /[\\/]app[\\/]root\.tsx$/.test(id));
      const pending = root ? [root] : [];
      for (let id = pending.pop(); id !== undefined; id = pending.pop()) {
        if (frame.has(id)) continue;
        frame.add(id);
        pending.push(...(this.getModuleInfo(id)?.importedIds ?? []));
      }
    },
  };
  return { plugin, group: { name: 'shop', test: (id) => frame.has(id) } };
}
const FRAME = frameChunk();

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [tailwindcss(), reactRouter(), FRAME.plugin],
  build: isSsrBuild ? {} : { rolldownOptions: { output: { codeSplitting: { groups: [{ name: 'framework', test: FRAMEWORK }, FRAME.group] } } } },
  server: {
    port: 5173,
    strictPort: false,
    // `npm run dev` runs the API as its own process; the browser's /api calls go there.
    proxy: process.env.DEV_API_PROXY ? { '/api': process.env.DEV_API_PROXY, '/identity': process.env.DEV_API_PROXY } : undefined,
  },
}));
