import { escapeHtml, page, scriptJson } from '../report/page.js';
import { HUMAN_PAGE_CODE, type PageConfig } from './client.js';
import { renderTable } from '../report/viewer-client.js';
import { VIEWER_CSS } from '../report/viewer.js';

/**
 * The page of a human seat (`tavolo play --human`): self-contained like every tavolo page (its script and
 * style are inline; it fetches nothing but its own server's event stream and answers), drawn by the
 * viewer's renderer, usable with the keyboard (Tab and Enter, or the digit keys for the first nine actions).
 */

const CSS = `
#top { display: flex; gap: 1rem; align-items: baseline; flex-wrap: wrap; }
#banner { border: 2px solid #bbb; border-radius: 8px; padding: 0.4rem 0.8rem; margin: 0.4rem 0; background: #f6f6f6; }
#banner.yours { border-color: #2b4c7e; background: #e8f0fb; }
#banner.over { border-color: #2e7d32; background: #eaf5ea; }
#banner p { margin: 0.15rem 0; }
#status { font-weight: 600; font-size: 1.1rem; }
#news { font-style: italic; }
#length { color: #444; font-size: 0.9rem; margin: 0; }
#error { color: #a00; font-weight: 600; min-height: 1.2rem; }
#connection { color: #a60; }
#actions { display: flex; flex-wrap: wrap; gap: 0.3rem; margin: 0.5rem 0 0.8rem; max-height: 30vh; overflow-y: auto; }
#actions button { font-size: 0.95rem; padding: 0.3rem 0.7rem; }
#actions button:focus { outline: 3px solid #2b4c7e; }
#actions kbd { font-size: 0.75rem; color: #555; }
#curtain { margin: 3rem auto; max-width: 32rem; text-align: center; border: 2px solid #2b4c7e; border-radius: 8px; padding: 2rem; }
#curtain button { font-size: 1.1rem; padding: 0.4rem 1rem; }
`;

function body(): string {
  return (
    `<div id="top"><h1 id="seat-name">tavolo</h1><span id="connection" aria-live="polite"></span></div>\n` +
    `<p id="length"></p>\n` +
    `<div id="banner" role="status" aria-live="polite"><p id="status"></p><p id="pending"></p><p id="news"></p></div><p id="error" role="alert"></p>\n` +
    `<section id="curtain" hidden><p id="curtain-text"></p><button id="reveal" type="button">Show the table</button></section>\n` +
    `<div id="play"><div id="actions" role="group" aria-label="Your legal actions"></div>` +
    `<div class="layout"><main id="table" aria-label="The table as your seat sees it"></main>` +
    `<aside><h2>What happened</h2><ul id="log"></ul></aside></div></div>`
  );
}

export function humanPage(config: PageConfig): string {
  const scripts = [`${HUMAN_PAGE_CODE}\n${renderTable.toString()}\nstartHumanPage(${scriptJson(config)}, document, window, renderTable);`];
  return page(`tavolo: seat ${config.seats.join(', ')}`, VIEWER_CSS + CSS, body(), scripts);
}

/** A refusal as a page (a wrong token): says what went wrong and what to do. */
export function refusalPage(message: string): string {
  return page('tavolo: refused', '', `<h1>Refused</h1><p role="alert">${escapeHtml(message)}</p>`, []);
}
