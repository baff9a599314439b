/**
 * The image's one entry point (Containerfile). The role is the first argument, else `SERVE`: `api`, `web`, `worker` or
 * `all` start the shop with that `SERVE` (main.ts); `migrate` applies the migrations and exits, and `migrate --wait`
 * waits until they are applied (migrate.ts, for a Deployment's init container: deploy/k8s).
 */
const [role = process.env.SERVE ?? 'all', ...rest] = process.argv.slice(2);

if (role === 'migrate') {
  const { runMigrate } = await import('./migrate.ts');
  await runMigrate(rest);
} else {
  process.env.SERVE = role;
  await import('./main.ts');
}
