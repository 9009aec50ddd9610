import { describe, expect, it } from 'vitest';
import { InputError } from '../../src/errors.js';
import { durationWords, parseDuration } from '../../src/terminal/budget-flag.js';
import { tavolo } from '../fixtures/cli.js';

describe('--budget durations', () => {
  it('reads seconds, minutes and hours, alone or together', () => {
    expect(parseDuration('90s')).toEqual({ text: '90s', seconds: 90 });
    expect(parseDuration('10m').seconds).toBe(600);
    expect(parseDuration('1h').seconds).toBe(3600);
    expect(parseDuration('1h30m').seconds).toBe(5400);
    expect(parseDuration('1.5m').seconds).toBe(90);
  });

  it('refuses a number without its unit, words, zero, other units and more than a week, naming the flag and what it found', () => {
    for (const bad of ['10', 'ten minutes', '0s', '-5m', '2w', '10 m', '', '8d', '169h']) {
      expect(() => parseDuration(bad)).toThrow(InputError);
      expect(() => parseDuration(bad)).toThrow(`--budget: expected a duration with its unit, such as 90s, 10m, 1h or 1h30m`);
      expect(() => parseDuration(bad)).toThrow(`found ${JSON.stringify(bad)}`);
    }
    expect(() => parseDuration(['1m', '2m'])).toThrow('--budget: given more than once');
  });

  it('says a budget in words', () => {
    expect(durationWords(600)).toBe('10 minutes');
    expect(durationWords(90)).toBe('90 seconds');
    expect(durationWords(3600)).toBe('1 hour');
    expect(durationWords(5430)).toBe('1 hour 30 minutes 30 seconds');
  });

  it('exits 2 before anything runs on a bad budget, or a budget with --matches', () => {
    const bad = tavolo(['skill', 'stramat', '--budget', '10']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('--budget: expected a duration with its unit, such as 90s, 10m, 1h or 1h30m, found "10"');
    const both = tavolo(['importance', 'stramat', '--budget', '10m', '--matches', '200']);
    expect(both.code).toBe(2);
    expect(both.stderr).toContain('--budget: the budget chooses the match count, so --matches cannot be given with it');
    expect(both.stdout).toBe('');
  });
});
