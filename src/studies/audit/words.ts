import { fixed } from '../../analysis/intervals.js';
import type { Figure } from './figures.js';

/** How the audit prints its figures: shares as percentages, differences of shares as signed points. */

export const percent = (x: number, decimals = 1) => (Number.isFinite(x) ? `${fixed(100 * x, decimals)}%` : 'n/a');
const signed = (x: number, decimals: number) => `${x >= 0 ? '+' : ''}${fixed(x, decimals)}`;
export const points = (x: number) => (Number.isFinite(x) ? `${signed(100 * x, 1)} points` : 'n/a');
export const pointsInterval = (f: Figure) => (Number.isFinite(f.low) ? `${signed(100 * f.low, 1)} to ${signed(100 * f.high, 1)}` : '');
export const percentInterval = (f: Figure) => (Number.isFinite(f.low) ? `${percent(f.low)} to ${percent(f.high)}` : '');
export const plain = (x: number, decimals = 3) => (Number.isFinite(x) ? fixed(x, decimals) : 'n/a');
export const plainInterval = (f: Figure, decimals = 3) => (Number.isFinite(f.low) ? `${plain(f.low, decimals)} to ${plain(f.high, decimals)}` : '');

/** Whether an interval holds a value: the figure cannot be told from it. */
export const holds = (f: Figure, x: number) => f.low <= x && x <= f.high;
