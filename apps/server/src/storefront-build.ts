import fs from 'node:fs';
import path from 'node:path';

/** The storefront's build is not where the shop looks for it: said in words at start-up, without a stack. */
export class MissingWebBuildError extends Error {
  override name = 'MissingWebBuildError';
}

/** The storefront build's server module, or a refusal in words when there is none (looked for before the shop loads). */
export function storefrontServerEntry(buildDir: string): string {
  const serverEntry = path.join(buildDir, 'server', 'index.js');
  if (!fs.existsSync(serverEntry)) {
    throw new MissingWebBuildError(`The storefront is not built (${serverEntry} is missing): run "npm run build".`);
  }
  return serverEntry;
}
