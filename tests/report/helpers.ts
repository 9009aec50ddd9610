import { writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Synthetic files in the formats of compare.csv, ratings.csv and sequential.csv (written by the
 * comparison, ratings and sequential layers), so the report's optional charts are tested without them.
 * `other` is a variant compared against `base`.
 */
export function writeOptionalCsvs(dir: string, base: string, other: string, bots: string[]): void {
  writeFileSync(
    join(dir, 'compare.csv'),
    'variant,reference,quantity,reference_value,value,difference,ci_low95,ci_high95,p_value,p_holm,test,pairs\n' +
      `${other},${base},win_share:${bots[0]},0.40,0.45,0.05,0.01,0.09,0.01,0.04,mcnemar,60\n` +
      `${other},${base},first_player_advantage,0.02,0.01,-0.01,-0.05,0.03,0.6,1,mcnemar,60\n` +
      `${other},${base},turns_mean,8,12,4,3.9,4.1,0.0001,0.0005,paired_t,60\n` +
      `${other},${base},metric:draws,3,5,2,1,3,0.001,0.004,paired_t,60\n` +
      `${other},${base},metric:never,0,0,0,0,0,1,1,paired_t,60\n`,
  );
  const ratings = [base, other].flatMap((v) =>
    bots.map((b, i) => `${v},${b},${1600 - 150 * i},${1550 - 150 * i},${1650 - 150 * i},60,${i + 1},${i + 1 < bots.length ? '150,0.001,yes' : ',,'}`),
  );
  writeFileSync(join(dir, 'ratings.csv'), `variant,bot,rating,rating_low95,rating_high95,matches,rank,gap_to_next,gap_p_holm,separated_from_next\n${ratings.join('\n')}\n`);
  const h2h = [base, other].flatMap((v) => [`${v},${bots[0]},${bots[1]},60,0.7,0.6,0.8`, `${v},${bots[1]},${bots[0]},60,0.3,0.2,0.4`]);
  writeFileSync(join(dir, 'head-to-head.csv'), `variant,bot,opponent,shared_matches,ahead_share,ahead_low95,ahead_high95\n${h2h.join('\n')}\n`);
  writeFileSync(
    join(dir, 'sequential.csv'),
    'checkpoint,matches,blocks,estimate,low95,high95,block_sd,llr,lower,upper,decision\n1,20,6,0.1,-0.1,0.3,0.2,0.5,-2.94,2.94,\n2,40,13,0.12,0,0.24,0.2,1.9,-2.94,2.94,\n3,60,20,0.15,0.05,0.25,0.2,3.1,-2.94,2.94,H1\n',
  );
}
