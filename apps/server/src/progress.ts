/**
 * A one-line progress bar on a terminal; on a pipe (CI, logs) a line every 25% instead, so
 * logs stay readable.
 */
export function createProgressBar(stream: NodeJS.WriteStream = process.stderr, width = 30) {
  let lastQuarter = -1;
  let lastDrawn = 0;
  return {
    update(done: number, total: number, label = '') {
      const ratio = total > 0 ? Math.min(1, done / total) : 1;
      const percent = Math.round(ratio * 100);
      if (!stream.isTTY) {
        const quarter = Math.floor(ratio * 4);
        if (quarter !== lastQuarter) {
          lastQuarter = quarter;
          stream.write(`  seeding demo data: ${percent}% (${done}/${total}) ${label}\n`);
        }
        return;
      }
      const now = Date.now();
      if (done < total && now - lastDrawn < 50) return; // Redrawing faster than the eye helps nobody.
      lastDrawn = now;
      const filled = Math.round(ratio * width);
      stream.write(`\r  seeding demo data [${'█'.repeat(filled)}${'░'.repeat(width - filled)}] ${String(percent).padStart(3)}% ${label.padEnd(28)}`);
      if (done >= total) stream.write('\n');
    },
  };
}
