import { describe, expect, it } from 'vitest';
import { durationText } from '../../src/terminal/duration.js';

describe('durationText', () => {
  it('says a duration as a person would, to about two figures', () => {
    expect(durationText(0.4)).toBe('under a second');
    expect(durationText(3.2)).toBe('3 s');
    expect(durationText(42)).toBe('40 s');
    expect(durationText(44)).toBe('45 s');
    expect(durationText(61)).toBe('1 min');
    expect(durationText(3 * 60 + 40)).toBe('4 min');
    expect(durationText(59 * 60 + 50)).toBe('60 min');
    expect(durationText(2 * 3600 + 9 * 60)).toBe('2 h 10 min');
    expect(durationText(2 * 3600 + 58 * 60)).toBe('3 h');
    expect(durationText(2 * 3600)).toBe('2 h');
    expect(durationText(2 * 3600 + 4 * 60)).toBe('2 h');
    expect(durationText(36 * 3600)).toBe('1.5 days');
    expect(durationText(15 * 86400)).toBe('15 days');
  });
  it('does not pretend to know an impossible duration', () => {
    expect(durationText(Number.NaN)).toBe('an unknown time');
    expect(durationText(-1)).toBe('an unknown time');
  });
});
