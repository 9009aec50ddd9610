import { escapeHtml } from './page.js';

/**
 * The verdict block at the top of report.html: the same lines the terminal prints (verdict.ts), laid
 * out by their indentation: the question and the preamble as paragraphs, a variant's heading, its
 * sections ("Who wins: ...") as list items with their further sentences below. `sweep`: a sweep's
 * trend in words (sweepVerdictHtml), which answers its question: it comes right after the question,
 * and each value's comparison with the baseline (nine blocks for nine values) is folded below it.
 */
export function verdictHtml(lines: readonly string[], sweep = ''): string {
  const head = ['<section id="verdict" aria-labelledby="h-verdict">', '<h2 id="h-verdict">The answer</h2>'];
  if (sweep === '') return [...head, ...verdictBody(lines), '</section>'].join('\n');
  const asked = lines[0]?.startsWith('Question: ') ? 1 : 0;
  return [
    ...head,
    ...verdictBody(lines.slice(0, asked)),
    sweep,
    '<details class="per-value"><summary>Each value against the baseline, in words</summary>',
    ...verdictBody(lines.slice(asked)),
    '</details>',
    '</section>',
  ].join('\n');
}

function verdictBody(lines: readonly string[]): string[] {
  const out: string[] = [];
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
  return out;
}

/**
 * A sweep's trend in the terminal's words (sweep-words.ts): its first line as a heading, each trend as a
 * list item, and the closing remark as a note.
 */
export function sweepVerdictHtml(lines: readonly string[]): string {
  if (lines.length === 0) return '';
  const [head, ...rest] = lines;
  const note = rest.length > 0 && rest[rest.length - 1].startsWith('(') ? rest.pop()! : undefined;
  return [
    `<h3 class="sweep">${escapeHtml(head)}</h3>`,
    '<ul class="verdict sweep">',
    ...rest.map((l) => `<li>${escapeHtml(l)}</li>`),
    '</ul>',
    ...(note ? [`<p class="note">${escapeHtml(note)}</p>`] : []),
  ].join('\n');
}

export const VERDICT_CSS = `
#verdict { max-width: 72rem; }
#verdict p.question { font-size: 1.1rem; }
#verdict h3 { font-size: 1rem; margin: 1rem 0 0.25rem; }
#verdict ul.verdict { margin: 0.25rem 0; padding-left: 1.2rem; }
#verdict ul.verdict li { margin: 0.3rem 0; line-height: 1.4; }
`;
