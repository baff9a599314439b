import { inArray } from 'drizzle-orm';
import type { FilesConfig } from '../config.ts';
import type { Database, DatabaseHandle } from '../db/client.ts';
import { seedRuns } from '../db/platform.tables.ts';

/** Reports how far a long job has got: `done` of `total` units, with an optional label. */
export type Progress = (done: number, total: number, label?: string) => void;

/** What a seed may use besides the database. */
export interface SeedContext {
  /** Where uploaded files are kept (the demo reviews' photos); absent where there is no store, as for the tests' template database. */
  files?: FilesConfig;
}

/** One named, run-once piece of demo data, owned by a module. */
export interface Seed {
  name: string;
  /** Roughly how many units of work, for the progress bar. */
  size: number;
  /** It stores files: without a store it waits, unrecorded, for a run that has one. */
  needsFiles?: boolean;
  run(db: Database, progress: Progress, context: SeedContext): Promise<void>;
}

/**
 * Runs each seed that has not completed yet, in order, recording it in `seed_runs` within the same
 * transaction so a crash mid-seed leaves nothing half-done. Runs `VACUUM ANALYZE` after bulk loads
 * (PGlite has no autovacuum; without statistics the planner ignores GIN indexes).
 */
export async function runSeeds(handle: DatabaseHandle, seeds: readonly Seed[], progress: Progress, context: SeedContext = {}): Promise<string[]> {
  const done = new Set(
    (
      await handle.db
        .select()
        .from(seedRuns)
        .where(inArray(seedRuns.name, seeds.map((seed) => seed.name).concat('')))
    ).map((row) => row.name),
  );
  const pending = seeds.filter((seed) => !done.has(seed.name) && (context.files !== undefined || !seed.needsFiles));
  if (pending.length === 0) return [];
  const total = pending.reduce((sum, seed) => sum + seed.size, 0);
  let before = 0;
  for (const seed of pending) {
    await handle.db.transaction(async (tx) => {
      await seed.run(tx, (unitsDone) => progress(before + Math.min(unitsDone, seed.size), total, seed.name), context);
      await tx.insert(seedRuns).values({ name: seed.name });
    });
    before += seed.size;
    progress(before, total, seed.name);
  }
  await handle.exec('VACUUM ANALYZE');
  return pending.map((seed) => seed.name);
}
