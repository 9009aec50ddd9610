import { describe, expect, it } from 'vitest';
import type { Finding } from '../../../src/studies/audit/finding.js';
import { judged, REFERENCES, severityOf } from '../../../src/studies/audit/references.js';
import { verdictOf } from '../../../src/studies/audit/verdict.js';

const f = (id: string, area: Finding['area'], severity: Finding['severity']): Finding => ({ id, area, severity, words: '', figure: '', interval: '', evidence: 1, command: '', reference: '' });

describe('tavolo audit: reference ranges and the verdict', () => {
  it('judges a figure green inside the built-in games, amber in the wider range, red beyond', () => {
    expect(severityOf('first_player_advantage', 0.03)).toBe('green');
    expect(severityOf('first_player_advantage', -0.1)).toBe('amber');
    expect(severityOf('first_player_advantage', 0.3)).toBe('red');
    expect(severityOf('choice_share', NaN)).toBe('info');
    // Scala's measured second-player edge is red, the balanced games' largest is green.
    expect(severityOf('first_player_advantage', -0.23)).toBe('red');
    expect(severityOf('first_player_advantage', 0.056)).toBe('green');
  });

  it('never says red while the interval reaches the green range, nor green while it lies beyond it', () => {
    expect(judged('first_player_advantage', { estimate: 0.19, low: 0.05, high: 0.33 })).toBe('amber');
    expect(judged('first_player_advantage', { estimate: 0.3, low: 0.24, high: 0.36 })).toBe('red');
    expect(judged('first_player_advantage', { estimate: 0.02, low: -0.01, high: 0.05 })).toBe('green');
  });

  it('cites a source for every range', () => {
    for (const r of Object.values(REFERENCES)) {
      expect(r.source.length).toBeGreaterThan(20);
      expect(r.green[0]).toBeLessThanOrEqual(r.green[1]);
    }
  });

  it('names the verdict from the red lines', () => {
    expect(verdictOf([f('first_player_advantage_casual', 'balance', 'red'), f('skill_casual', 'skill', 'green')]).labels).toEqual(['unbalanced']);
    expect(verdictOf([f('first_player_advantage_casual', 'balance', 'green'), f('skill_casual', 'skill', 'red')]).labels).toEqual(['luck']);
    expect(verdictOf([f('game_length', 'length', 'amber')]).labels).toEqual(['worth a look']);
    expect(verdictOf([f('game_length', 'length', 'green')]).labels).toEqual(['sound']);
    expect(verdictOf([f('game_length', 'length', 'green')]).sentence).toMatch(/^Verdict: sound \(0 red and 0 amber of 1 lines\)/);
  });
});
