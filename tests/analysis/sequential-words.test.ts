import { describe, expect, it } from 'vitest';
import type { SprtState } from '../../src/analysis/sequential.js';
import { sequentialVerdictLines, type SequentialReport } from '../../src/analysis/sequential-words.js';

const final: SprtState = {
  blocks: 30, estimate: 0.6333, low95: 0.4439, high95: 0.8228, sd: 0.5, llr: 3.67, lower: -2.944, upper: 2.944, decision: 'H1', halves: null,
};

const bots = (over: Partial<SequentialReport>): SequentialReport => ({
  subject: { kind: 'bots', bot: 'ismcts', opponent: 'pimc', variant: 'base' },
  alpha: 0.05, beta: 0.05, d0: 0, d1: 0.05, within: null, verdict: 'H1 accepted',
  matches: 280, maxMatches: 4000, checkpoints: 14, final, fixedSampleMatches: 2156, ...over,
});

describe('a sequential verdict in words', () => {
  it('says who is stronger, by how much, how sure, and after how many matches; then what H0 and H1 meant', () => {
    const [claim, meaning, estimate] = sequentialVerdictLines(bots({}));
    expect(claim).toBe('ismcts is stronger than pimc by at least 5 points of win share (95%): decided after 280 of at most 4,000 matches.');
    expect(meaning).toContain("H0: ismcts's win share minus pimc's is 0 points of win share; H1: it is 5");
    expect(estimate).toContain('+63.3 points of win share (95% CI +44.4 to +82.3');
    expect(estimate).toContain('about 2,156 matches');
  });

  it('never answers with a bare "H0 accepted": it says what was not shown, and its confidence is 1 - beta', () => {
    const [claim] = sequentialVerdictLines(bots({ verdict: 'H0 accepted', beta: 0.1 }));
    expect(claim).toBe('ismcts is not stronger than pimc by 5 points of win share: the difference is nearer 0 than 5 (90%): decided after 280 of at most 4,000 matches.');
    expect(claim).not.toMatch(/H0|H1/);
  });

  it('a question about a lower value reads as such, and a variant question counts matches per variant', () => {
    const [claim] = sequentialVerdictLines(
      bots({ subject: { kind: 'variant', variant: 'short', baseline: 'base', quantity: 'turns_mean' }, d1: -0.5, matches: 400, maxMatches: 20000 }),
    );
    expect(claim).toBe('Games are shorter in short than in base by at least 0.5 turns (95%): decided after 400 of at most 20,000 matches per variant.');
  });

  it("counts turns and decisions per match, as the verdict does, never 'per game' (a Stramat match may hold several games)", () => {
    for (const quantity of ['turns_mean', 'decisions_mean']) {
      const text = sequentialVerdictLines(bots({ subject: { kind: 'variant', variant: 'v', baseline: 'b', quantity }, d1: 0.5 })).join('\n');
      expect(text, quantity).not.toContain('per game');
      expect(text, quantity).toMatch(/(turns|bot decisions) per match in v minus b/);
    }
  });

  it("every quantity reads in its own words and unit; a lineup name keeps its case", () => {
    const claim = (quantity: string, d1: number) =>
      sequentialVerdictLines(bots({ subject: { kind: 'variant', variant: 'v', baseline: 'b', quantity }, d1 }))[0];
    expect(claim('win_share:greedy', 0.02)).toMatch(/^greedy wins more often in v than in b by at least 2 points of win share \(95%\)/);
    expect(claim('annulled_rate', -0.03)).toMatch(/^Fewer matches are annulled in v than in b by at least 3 points of the annulled share/);
    expect(claim('decisions_mean', 2)).toMatch(/^Games take more bot decisions in v than in b by at least 2 decisions/);
    expect(claim('first_player_advantage', 0.05)).toMatch(/^The first player's advantage is larger in v than in b by at least 5 points/);
  });

  it('an undecided test says so and what to do', () => {
    const [claim] = sequentialVerdictLines(bots({ verdict: 'undecided at the maximum', matches: 4000 }));
    expect(claim).toMatch(/^Undecided after all 4,000 matches: .*raise matches/);
  });

  it('the three-outcome test says stronger, weaker, or equal within ±d, and what the three answers were', () => {
    const three = (verdict: SequentialReport['verdict']) => sequentialVerdictLines(bots({ within: 0.05, verdict, final: { ...final, halves: { llrBelow: -4, above: 'H0', below: 'H1' } } }));
    expect(three('lower')[0]).toBe('ismcts is weaker than pimc (95%): decided after 280 of at most 4,000 matches.');
    expect(three('higher')[0]).toBe('ismcts is stronger than pimc (95%): decided after 280 of at most 4,000 matches.');
    expect(three('equal')[0]).toBe('ismcts and pimc are equally strong within ±5 points of win share (95%): decided after 280 of at most 4,000 matches.');
    expect(three('lower')[1]).toContain("Sobel and Wald's test");
    expect(three('lower')[3]).toContain('LLRs 3.67 (above) and -4.00 (below)');
  });

  it('an undecided three-outcome test says what one half found', () => {
    const [claim] = sequentialVerdictLines(
      bots({ within: 0.05, verdict: 'undecided at the maximum', final: { ...final, halves: { llrBelow: -4, above: 'H0', below: null } } }),
    );
    expect(claim).toBe('Undecided after all 4,000 matches (so far: ismcts is not stronger than pimc by 5 points of win share): raise matches, or widen ±5 points of win share.');
  });
});
