import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { tunePageData } from '../../../src/studies/tune/charts.js';
import { answerHtml, writeTunePage } from '../../../src/studies/tune/page.js';
import { tuneAnswer } from '../../../src/studies/tune/words.js';
import { fixtureSearch, type FixtureSearch } from '../../helpers/tune-search.js';

vi.setConfig({ testTimeout: 120_000 });

/** tune.html of the fixture search (tests/helpers/tune-search.ts): the answer first, in the terminal's words. */

let f: FixtureSearch;

beforeAll(async () => {
  f = await fixtureSearch('tavolo-tune-page-');
  writeTunePage(f.dir, tunePageData(f.search));
});

describe('tune.html', () => {
  it('opens with the answer in the sentences the terminal prints, indented lines as a list', () => {
    const html = readFileSync(join(f.dir, 'tune.html'), 'utf8');
    const answer = tuneAnswer(f.search.outcome, f.plan, f.search.names);
    expect(html.indexOf('id="answer"')).toBeLessThan(html.indexOf('class="chart'));
    for (const line of answer.trim().split('\n')) expect(html).toContain(line.trim().replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;'));
    expect(answerHtml('One <b>.\n  a\n  b\nTwo.\n')).toBe(
      ['<section id="answer" aria-labelledby="h-answer">', '<h2 id="h-answer">The answer</h2>', '<p>One &lt;b&gt;.</p>', '<ul>', '<li>a</li>', '<li>b</li>', '</ul>', '<p>Two.</p>', '</section>'].join('\n'),
    );
  });
});
