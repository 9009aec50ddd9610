import { describe, expect, it } from 'vitest';
import { ELO_PER_NAT, FinishingOrders, expectedAhead, fitRatings } from '../../src/analysis/ratings.js';
import { HeadToHeadTally } from '../../src/analysis/head-to-head.js';
import { Rng } from '../../src/engine/rng.js';

/**
 * A synthetic game: finishing orders drawn from a Plackett-Luce model with known strengths (first place
 * with probability proportional to strength among those left, and so on). Under Plackett-Luce the chance
 * that i finishes ahead of j is w_i / (w_i + w_j) whoever else sits at the table, so the pairwise model's
 * true ratings are 1500 + 400 log10(w_i) centred to mean 1500.
 */
function plackettLuce(rng: Rng, strengths: readonly number[], seats: readonly number[], tieProb = 0): number[] {
  const ranks = new Array<number>(seats.length).fill(0);
  if (rng.float() < tieProb) return ranks.fill(1);
  const left = seats.map((_, s) => s);
  for (let place = 1; left.length > 0; place++) {
    let total = 0;
    for (const s of left) total += strengths[seats[s]];
    let u = rng.float() * total;
    let pick = 0;
    for (; pick < left.length - 1; pick++) {
      u -= strengths[seats[left[pick]]];
      if (u < 0) break;
    }
    ranks[left[pick]] = place;
    left.splice(pick, 1);
  }
  return ranks;
}

function trueRatings(strengths: readonly number[]): number[] {
  const logs = strengths.map((w) => Math.log(w));
  const mean = logs.reduce((a, b) => a + b, 0) / logs.length;
  return logs.map((l) => 1500 + ELO_PER_NAT * (l - mean));
}

function simulate(seed: string, strengths: number[], matches: number, tieProb = 0): FinishingOrders {
  const names = strengths.map((_, i) => `bot${i}`);
  const data = new FinishingOrders(names);
  const rng = new Rng(seed);
  const k = strengths.length;
  for (let m = 0; m < matches; m++) {
    const seats = Array.from({ length: k }, (_, s) => (s + m) % k);
    data.add(seats, plackettLuce(rng, strengths, seats, tieProb));
  }
  return data;
}

describe('ratings: Bradley-Terry on finishing orders', () => {
  const strengths = [1, 2, 3.5, 8];
  const truth = trueRatings(strengths);

  it('recovers the order and, within the intervals, the spacing of known strengths (4 players)', () => {
    const fit = fitRatings(simulate('pl-4', strengths, 4000));
    expect(fit.ratings.map((r) => r.name)).toEqual(['bot3', 'bot2', 'bot1', 'bot0']);
    for (const r of fit.ratings) {
      const t = truth[Number(r.name.slice(3))];
      expect(t).toBeGreaterThan(r.low95);
      expect(t).toBeLessThan(r.high95);
      expect(r.matches).toBe(4000);
    }
    expect(fit.gaps.every((g) => g.separated)).toBe(true);
    const mean = fit.ratings.reduce((a, r) => a + r.rating, 0) / fit.ratings.length;
    expect(mean).toBeCloseTo(1500, 9);
  });

  it('its 95% intervals cover the true ratings about 95% of the time (sandwich variance, 4 players)', () => {
    let covered = 0;
    let total = 0;
    for (let rep = 0; rep < 300; rep++) {
      const fit = fitRatings(simulate(`cover-${rep}`, strengths, 300));
      for (const r of fit.ratings) {
        const t = truth[Number(r.name.slice(3))];
        covered += t > r.low95 && t < r.high95 ? 1 : 0;
        total++;
      }
    }
    // 1200 intervals (not independent: the four of one fit share a data set): the sampling error of a 95%
    // rate is about 0.6 points; measured 95.1%.
    expect(covered / total).toBeGreaterThan(0.93);
    expect(covered / total).toBeLessThan(0.97);
  });

  it('equal bots are not separated; annulled matches (all tied) move nothing', () => {
    const fit = fitRatings(simulate('equal', [1, 1, 1], 600, 0.3));
    expect(fit.gaps.some((g) => g.separated)).toBe(false);
    const d = new FinishingOrders(['a', 'b']);
    d.add([0, 1], [1, 2], 30);
    d.add([0, 1], [2, 1], 10);
    const withTies = new FinishingOrders(['a', 'b']);
    withTies.add([0, 1], [1, 2], 30);
    withTies.add([0, 1], [2, 1], 10);
    withTies.add([1, 0], [1, 1], 50);
    const a = fitRatings(d).ratings[0].rating;
    const b = fitRatings(withTies).ratings[0].rating;
    // Ties pull the two towards each other (a draw is half a point each): smaller gap, same order.
    expect(b).toBeLessThan(a);
    expect(b).toBeGreaterThan(1500);
  });

  it('two players: the fit is the Elo formula of the score (prior of one virtual draw included)', () => {
    const d = new FinishingOrders(['a', 'b']);
    d.add([0, 1], [1, 2], 75);
    d.add([1, 0], [1, 2], 25);
    const fit = fitRatings(d);
    const [a, b] = fit.ratings;
    // a scored 75.5 of 101 comparisons (with the virtual draw): expectedAhead must give that share back.
    expect(expectedAhead(a.rating, b.rating)).toBeCloseTo(75.5 / 101, 10);
    // Elo: 400 log10(75.5 / 25.5) points apart.
    expect(a.rating - b.rating).toBeCloseTo(400 * Math.log10(75.5 / 25.5), 8);
  });

  it('does not depend on the order in which matches are added', () => {
    const rng = new Rng('order');
    const rows: Array<[number[], number[]]> = [];
    for (let m = 0; m < 500; m++) {
      const seats = [m % 3, (m + 1) % 3, (m + 2) % 3];
      rows.push([seats, plackettLuce(rng, [1, 2, 4], seats, 0.05)]);
    }
    const forward = new FinishingOrders(['x', 'y', 'z']);
    for (const [s, r] of rows) forward.add(s, r);
    const backward = new FinishingOrders(['x', 'y', 'z']);
    for (const [s, r] of [...rows].reverse()) backward.add(s, r);
    expect(fitRatings(backward)).toEqual(fitRatings(forward));
  });

  it('a bot that is never beaten still gets a finite rating (the prior)', () => {
    const d = new FinishingOrders(['a', 'b']);
    d.add([0, 1], [1, 2], 200);
    const fit = fitRatings(d);
    expect(Number.isFinite(fit.ratings[0].rating)).toBe(true);
    expect(fit.ratings[0].rating - fit.ratings[1].rating).toBeGreaterThan(800);
  });
});

describe('head-to-head', () => {
  it('share ahead with ties half, antisymmetric, Wilson interval when there are no ties', () => {
    const t = new HeadToHeadTally(['a', 'b']);
    t.add([0, 1], [1, 2], 30);
    t.add([1, 0], [1, 2], 10);
    const [ab, ba] = t.rows();
    expect(ab).toMatchObject({ bot: 'a', opponent: 'b', sharedMatches: 40, ahead: 0.75 });
    expect(ba.ahead).toBeCloseTo(0.25, 12);
    // R: prop.test(30, 40, correct = FALSE)$conf.int -> 0.5980 0.8581 (Wilson score interval)
    expect(ab.low95).toBeCloseTo(0.598, 3);
    expect(ab.high95).toBeCloseTo(0.8581, 3);
    const tied = new HeadToHeadTally(['a', 'b']);
    tied.add([0, 1], [1, 2], 30);
    tied.add([1, 0], [1, 2], 10);
    tied.add([0, 1], [1, 1], 20);
    const [c] = tied.rows();
    expect(c.ahead).toBeCloseTo(40 / 60, 12);
    expect(c.sharedMatches).toBe(60);
  });

  it('two seats of one name count once per match, as the mean of their comparisons', () => {
    const t = new HeadToHeadTally(['g', 'r']);
    // g first, the two r seats second and third: g ahead of both.
    t.add([0, 1, 1], [1, 2, 3]);
    // one r first, g second, the other r third: g ahead of one of two.
    t.add([1, 0, 1], [1, 2, 3]);
    const g = t.rows().find((r) => r.bot === 'g')!;
    expect(g.sharedMatches).toBe(2);
    expect(g.ahead).toBeCloseTo(0.75, 12);
  });
});
