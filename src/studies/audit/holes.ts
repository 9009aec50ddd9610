import type { Finding } from './finding.js';
import { actionFindings } from './holes-actions.js';
import { optionFindings } from './holes-options.js';
import { playLineup } from './holes-play.js';
import { repeatFindings } from './holes-repeats.js';
import { stallFindings } from './holes-stalls.js';
import { unseenFindings } from './holes-unseen.js';
import type { AuditSample } from './sample.js';

/**
 * The holes in a game's rules (docs/audit-holes.md): stalls, repeated games and positions, ends and
 * action kinds that never occur, options that change nothing, actions never worth taking and actions
 * that dominate. Plays the sample's matches with both lineups (and the casual lineup again at other
 * option values) in this thread, deterministically from the sample's seed.
 */
export function auditHoles(ctx: AuditSample): Promise<Finding[]> {
  return Promise.resolve().then(() => {
    const strong = playLineup(ctx, 'strong');
    const casual = playLineup(ctx, 'casual');
    const plays = [strong, casual];
    return [
      ...stallFindings(ctx, plays),
      ...repeatFindings(ctx, plays),
      ...unseenFindings(ctx, plays),
      ...optionFindings(ctx),
      ...actionFindings(ctx, strong),
    ];
  });
}
