import { join } from 'node:path';
import { fixed } from '../../analysis/intervals.js';
import { escapeHtml, htmlTable, page } from '../../report/page.js';
import { writeFileAtomic } from '../../io/atomic-write.js';
import type { MetaResult } from './analysis.js';
import { multinomialWeight } from './analysis.js';

/**
 * meta.html: `tavolo meta`'s answer as one self-contained page (drawn in HTML and CSS, nothing fetched): the
 * sentences, the matrix drawn as a grid of cells coloured by the row's win share (blue above the fair
 * share, red below, pale where the interval holds it), the mix as bars with their bootstrap intervals,
 * and the first player's advantage per lineup.
 */

const pct = (x: number) => `${fixed(100 * x, 1)}%`;

/** A cell's colour: its distance from the fair share, strong only where the interval clears it. */
function colour(share: number, low: number, high: number, fair: number): string {
  if (!Number.isFinite(share)) return '#eee';
  const settled = low > fair || high < fair;
  const strength = Math.min(1, Math.abs(share - fair) / Math.max(fair, 1 - fair));
  const alpha = (settled ? 0.25 + 0.6 * strength : 0.12).toFixed(3);
  return share >= fair ? `rgba(31, 95, 160, ${alpha})` : `rgba(190, 40, 40, ${alpha})`;
}

function matrixGrid(r: MetaResult, names: readonly string[]): string {
  const fair = 1 / r.players;
  const head = `<tr><th scope="col">row against column</th>${names.map((n) => `<th scope="col">${escapeHtml(n)}</th>`).join('')}</tr>`;
  const rows = r.matrix.map((row, i) => {
    const cells = row.map((c, j) => {
      if (i === j) return `<td class="cell diagonal" data-row="${i}" data-column="${j}">${pct(fair)}</td>`;
      const tip = `${names[i]} against ${names[j]}: ${pct(c.winShare)} (95% interval ${pct(c.low)} to ${pct(c.high)}; ${c.deals} deals in every seating, ${c.matches} matches, ${c.plays} distinct plays)`;
      return (
        `<td class="cell" data-row="${i}" data-column="${j}" data-win-share="${c.winShare}" title="${escapeHtml(tip)}" style="background:${colour(c.winShare, c.low, c.high, fair)}">` +
        `${pct(c.winShare)}<br><span class="ci">${pct(c.low)} to ${pct(c.high)}</span></td>`
      );
    });
    return `<tr><th scope="row">${escapeHtml(names[i])}</th>${cells.join('')}</tr>`;
  });
  return `<table class="matrix"><thead>${head}</thead><tbody>${rows.join('')}</tbody></table>`;
}

function mixBars(r: MetaResult, names: readonly string[]): string {
  const bars = names.map((n, i) => {
    const w = r.mix[i];
    return (
      `<div class="bar-row" data-strategy="${escapeHtml(n)}" data-weight="${w}"><span class="label">${escapeHtml(n)}</span>` +
      `<span class="track"><span class="bar" style="width:${(100 * w).toFixed(2)}%"></span>` +
      `<span class="whisker" style="left:${(100 * r.mixLow[i]).toFixed(2)}%;width:${(100 * Math.max(0, r.mixHigh[i] - r.mixLow[i])).toFixed(2)}%"></span></span>` +
      `<span class="value">${fixed(w, 3)} (${fixed(r.mixLow[i], 3)} to ${fixed(r.mixHigh[i], 3)}; in the support in ${pct(r.inSupport[i])} of resamples)</span></div>`
    );
  });
  return `<div class="mix">${bars.join('')}</div>`;
}

function lineupTable(r: MetaResult, names: readonly string[]): string {
  return htmlTable(
    ['lineup', 'deals', 'matches', 'first player wins', '95% low', '95% high', 'advantage (points)', 'weight under the mix'],
    r.lineups.map((l) => [l.multiset.map((s) => names[s]).join(' '), l.deals, l.matches, pct(l.share), pct(l.low), pct(l.high), fixed(100 * l.advantage, 1), fixed(multinomialWeight(l.multiset, r.mix), 3)]),
  );
}

const CSS = `
p.lead { font-weight: 600; }
table.matrix td.cell { text-align: center; min-width: 6.5rem; font-variant-numeric: tabular-nums; }
table.matrix td.diagonal { color: #999; background: #f7f7f7; }
table.matrix span.ci { font-size: 0.75rem; color: #444; }
div.mix { max-width: 900px; }
div.bar-row { display: flex; align-items: center; gap: 0.5rem; margin: 0.2rem 0; font-size: 0.9rem; }
div.bar-row span.label { flex: none; width: 10rem; text-align: right; }
div.bar-row span.track { flex: none; position: relative; width: 20rem; height: 1rem; background: #f3f3f3; }
div.bar-row span.bar { position: absolute; left: 0; top: 0; bottom: 0; background: #1f5fa0; }
div.bar-row span.whisker { position: absolute; top: 0.45rem; height: 0.1rem; background: #000; }
`;

export function buildMetaPage(title: string, r: MetaResult, names: readonly string[], words: readonly string[]): string {
  const body =
    `<header><h1>${escapeHtml(title)}</h1></header>\n` +
    words.map((w, i) => `<p class="${i === 0 ? 'lead' : 'line'}">${escapeHtml(w)}</p>`).join('\n') +
    `\n<section id="matrix"><h2>The payoff matrix</h2><p class="note">Each cell: the row strategy's win share ${r.players === 2 ? 'against the column strategy' : `alone at a table of ${r.players - 1} players of the column strategy`} (ties shared), with its 95% interval; coloured strongly only where the interval clears the fair ${pct(1 / r.players)}.</p>\n${matrixGrid(r, names)}</section>\n` +
    `<section id="mix"><h2>${r.method === 'nash' ? 'The equilibrium mix' : 'The alpha-rank mix'}</h2><p class="note">Bars: the weights; lines: their 2.5% to 97.5% bootstrap percentiles.</p>\n${mixBars(r, names)}</section>\n` +
    `<section id="lineups"><h2>The first player's advantage, lineup by lineup</h2>\n${lineupTable(r, names)}</section>`;
  // The one script says the page is drawn, as the report's pages do (their browser tests wait for it).
  return page(title, CSS, body, ["document.body.dataset.ready = 'meta';"]);
}

/** Writes `<dir>/meta.html` through a temporary name; returns its path. */
export function writeMetaPage(dir: string, title: string, r: MetaResult, names: readonly string[], words: readonly string[]): string {
  const file = join(dir, 'meta.html');
  writeFileAtomic(file, buildMetaPage(title, r, names, words));
  return file;
}
