import { escapeHtml } from './page.js';

/**
 * The verdict block at the top of report.html: the same lines the terminal prints (verdict.ts), laid
 * out by their indentation: the question and the preamble as paragraphs, a variant's heading, its
 * sections ("Who wins: ...") as list items with their further sentences below.
 */
export function verdictHtml(lines: readonly string[]): string {
  const out: string[] = ['<section id="verdict" aria-labelledby="h-verdict">', '<h2 id="h-verdict">The answer</h2>'];
  let list = false;
  let item = false;
  const closeItem = () => {
    if (item) out.push('</li>');
    item = false;
  };
  const closeList = () => {
    closeItem();
    if (list) out.push('</ul>');
    list = false;
  };
  for (const line of lines) {
    const indent = line.length - line.trimStart().length;
    const text = line.trim();
    if (indent === 0) {
      closeList();
      if (text.startsWith('Question: ')) out.push(`<p class="question"><strong>Question:</strong> ${escapeHtml(text.slice(10))}</p>`);
      else if (text.startsWith('Sequential test: ')) out.push(`<p class="question"><strong>Sequential test:</strong> ${escapeHtml(text.slice(17))}</p>`);
      else if (text.startsWith('Note: ')) out.push(`<p class="note"><strong>Note:</strong> ${escapeHtml(text.slice(6))}</p>`);
      else if (text.startsWith('Answer')) out.push(`<p class="note">${escapeHtml(text)}</p>`);
      else out.push(`<h3>${escapeHtml(text)}</h3>`);
    } else if (indent === 2) {
      closeItem();
      if (!list) out.push('<ul class="verdict">');
      list = true;
      const colon = text.indexOf(': ');
      out.push(`<li><strong>${escapeHtml(text.slice(0, colon))}</strong>: ${escapeHtml(text.slice(colon + 2))}`);
      item = true;
    } else out.push(`<br>${escapeHtml(text)}`);
  }
  closeList();
  out.push('</section>');
  return out.join('\n');
}

export const VERDICT_CSS = `
#verdict { max-width: 72rem; }
#verdict p.question { font-size: 1.1rem; }
#verdict h3 { font-size: 1rem; margin: 1rem 0 0.25rem; }
#verdict ul.verdict { margin: 0.25rem 0; padding-left: 1.2rem; }
#verdict ul.verdict li { margin: 0.3rem 0; line-height: 1.4; }
`;
