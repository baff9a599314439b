import type { Config } from '@react-router/dev/config';

// Server-rendered storefront; the composition server (apps/server) serves build/client statically
// and hands every other page request to build/server/index.js.
export default {
  ssr: true,
  appDirectory: 'app',
  // WEB_BUILD_DIR (also read by apps/server) lets a second build live beside the usual one.
  buildDirectory: process.env.WEB_BUILD_DIR ?? 'build',
} satisfies Config;
