import type { Finding, FindingArea } from './finding.js';
import { escapeHtml, page } from '../../report/page.js';

/**
 * audit.html: the audit as one self-contained page (nothing fetched; its one script marks it ready, as every page does): the answer first in
 * sentences (the terminal's), then the scorecard area by area, each line with its severity, figure,
 * interval, evidence, reference, the command that reproduces it and its next experiment.
 */

export interface AuditPageInput {
  title: string;
  answer: readonly string[];
  unseen: readonly string[];
  findings: readonly Finding[];
}

const AREA_TITLES: Record<FindingArea, string> = {
  balance: 'Seat balance',
  skill: 'Skill and luck',
  length: 'Game length',
  ending: 'How matches end',
  tension: 'Lead changes, drama, decisiveness',
  choices: 'Choices and forced turns',
  actions: 'Action kinds',
  kingmaking: 'Kingmaking',
  holes: 'Holes in the rules',
};

function line(f: Finding): string {
  const facts = [
    f.figure ? `<dt>figure</dt><dd>${escapeHtml(f.figure)}${f.interval ? ` (95% interval ${escapeHtml(f.interval)})` : ''}</dd>` : '',
    `<dt>evidence</dt><dd>${f.evidence} distinct games</dd>`,
    `<dt>reference</dt><dd>${escapeHtml(f.reference)}</dd>`,
    `<dt>reproduce</dt><dd><code>${escapeHtml(f.command)}</code></dd>`,
    f.replay ? `<dt>replay</dt><dd><code>${escapeHtml(f.replay.command)}</code></dd>` : '',
    f.next ? `<dt>next experiment</dt><dd>${escapeHtml(f.next.why)} <code>${escapeHtml(f.next.command)}</code></dd>` : '',
  ].join('');
  return `<li class="finding ${f.severity}" data-id="${escapeHtml(f.id)}" data-severity="${f.severity}"><span class="badge">${f.severity}</span> ${escapeHtml(f.words)}<dl>${facts}</dl></li>`;
}

const CSS = `
p.lead { font-weight: 600; font-size: 1.1rem; }
li.finding { margin: 0.6rem 0; list-style: none; }
li.finding dl { display: grid; grid-template-columns: max-content 1fr; gap: 0 0.8rem; margin: 0.3rem 0 0 2.5rem; font-size: 0.9rem; }
li.finding dt { color: #555; }
li.finding dd { margin: 0; }
span.badge { display: inline-block; min-width: 3.5rem; text-align: center; border-radius: 0.3rem; padding: 0 0.3rem; color: #fff; font-size: 0.85rem; }
li.red span.badge { background: #b3261e; }
li.amber span.badge { background: #b26a00; }
li.green span.badge { background: #2e7d32; }
li.info span.badge { background: #5f6368; }
`;

export function buildAuditPage(p: AuditPageInput): string {
  const areas = [...new Set(p.findings.map((f) => f.area))].sort((a, b) => Object.keys(AREA_TITLES).indexOf(a) - Object.keys(AREA_TITLES).indexOf(b));
  const body =
    `<header><h1>${escapeHtml(p.title)}</h1></header>\n<section id="answer">\n` +
    p.answer.map((w, i) => `<p class="${i === 0 ? 'lead' : 'line'}">${escapeHtml(w)}</p>`).join('\n') +
    (p.unseen.length > 0 ? `\n<h2>What could not be seen</h2>\n<ul class="unseen">${p.unseen.map((u) => `<li>${escapeHtml(u)}</li>`).join('')}</ul>` : '') +
    `\n</section>\n` +
    areas
      .map((a) => `<section class="area" data-area="${a}">\n<h2>${AREA_TITLES[a]}</h2>\n<ul>${p.findings.filter((f) => f.area === a).map(line).join('\n')}</ul>\n</section>`)
      .join('\n');
  return page(p.title, CSS, body, ["document.body.dataset.ready = '1';"]);
}
