import type { Config } from '@react-router/dev/config';

// Server-rendered storefront; the composition server (apps/server) serves build/client statically
// and hands every other page request to build/server/index.js.
export default {
  ssr: true,
  appDirectory: 'app',
} satisfies Config;
