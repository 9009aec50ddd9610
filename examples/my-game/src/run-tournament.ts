// tavolo from a script: load the spec, run it, read the numbers (the same files `tavolo run` writes are
// in the output folder). Usage, after `npm run build`: node dist/run-tournament.js [output folder]
import { loadSpec, runTournament } from 'tavolo';

const spec = await loadSpec('race.json', { matches: 400 });
const outcome = await runTournament(spec, { threads: 1, batch: 'auto', outDir: process.argv[2] ?? 'results/race-script', force: true });
for (const variant of outcome.stats) {
  for (const row of variant.botRows()) {
    console.log(`${variant.variant}\t${row.bot}\twin rate ${(100 * row.winRate).toFixed(1)}% [${(100 * row.low).toFixed(1)}-${(100 * row.high).toFixed(1)}]`);
  }
}
