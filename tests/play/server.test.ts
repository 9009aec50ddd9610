import { appendFileSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FIXTURES, tavolo, tempDir } from '../fixtures/cli.js';
import { listen, startServer, until, type Served } from './helpers.js';

/**
 * The server of `tavolo play --human` without a browser: its refusals over HTTP, the journal written
 * decision by decision, a crash's cut-off line, the bots' pace, and the command's refusals of bad flags.
 */

const post = async (base: string, body: unknown) => {
  const res = await fetch(`${base}/act`, { method: 'POST', body: typeof body === 'string' ? body : JSON.stringify(body) });
  return { status: res.status, ...((await res.json()) as { error?: string }) };
};

describe('tavolo play --human, its server', () => {
  it('refuses what it must, journals each decision, survives a cut-off line, and paces the bots', async () => {
    const dir = tempDir();
    const out = join(dir, 'm');
    const args = ['--game', 'scala', '--bots', 'random,random', '--seed', '4', '--human', '0', '--bot-delay', '150', '--out', out];
    let served: Served = await startServer(args, dir);
    const url = new URL(served.urls.get(0) as string);
    const base = url.origin;
    const token = url.searchParams.get('token') as string;
    expect(url.hostname).toBe('127.0.0.1');

    expect((await fetch(`${base}/?token=nope`)).status).toBe(403);
    expect(await (await fetch(`${base}/?token=nope`)).text()).toContain('no valid token');
    const page = await (await fetch(url)).text();
    expect(page).not.toMatch(/(src|href)="(https?:)?\/\//);
    expect((await fetch(`${base}/nothing`)).status).toBe(404);
    expect(await post(base, '{not json')).toMatchObject({ status: 400 });

    const stream = listen(`${base}/events?token=${token}&tab=A`);
    const askOf = () => stream.messages.filter((m) => m.type === 'ask').at(-1) as { n: number; actions: Array<{ action: number }> } | undefined;
    let ask = await until(askOf);
    // No other tab may answer while A holds the seat.
    expect(await post(base, { token, tab: 'B', seat: 0, n: ask.n, action: ask.actions[0].action })).toMatchObject({ status: 409 });
    for (let k = 0, last = -1; k < 3; k++, last = ask.n) {
      ask = await until(() => ((askOf()?.n ?? -1) > last ? askOf() : undefined));
      expect(await post(base, { token, tab: 'A', seat: 0, n: ask.n, action: ask.actions[0].action })).toEqual({ status: 200, ok: true });
      // The same answer again is stale: refused, not taken twice.
      expect(await post(base, { token, tab: 'A', seat: 0, n: ask.n, action: ask.actions[0].action })).toMatchObject({ status: 409 });
    }
    const journal = readFileSync(join(out, 'journal.jsonl'), 'utf8').trim().split('\n');
    expect(journal).toHaveLength(4);
    expect(JSON.parse(journal[1])).toMatchObject({ seat: 0, action: expect.any(Number) as number });
    // Bots' moves are shown at the pace asked for.
    const steps = stream.messages.map((m, i) => [m, stream.times[i]] as const).filter(([m]) => m.type === 'step' && !/^\d+\. You:/.test(String(m.line)));
    expect(steps.length).toBeGreaterThan(1);
    for (let i = 1; i < steps.length; i++) expect(steps[i][1] - steps[i - 1][1]).toBeGreaterThanOrEqual(120);
    stream.close();

    expect(await served.stop('SIGKILL')).toBe(null);
    appendFileSync(join(out, 'journal.jsonl'), '{"n":9,"se');
    served = await startServer(args, dir);
    expect(served.output()).toContain('was cut off by a crash and is dropped');
    expect(served.output()).toContain('(3 human decisions so far)');
    expect(await served.stop('SIGTERM')).toBe(143);
    expect(served.output()).toContain('Stopped (SIGTERM) with the match unfinished: 3 human decisions are journaled');

    // Another match in the same folder is refused, and so is a damaged journal.
    const other = tavolo(['play', ...args.map((a) => (a === '4' ? '5' : a))], dir);
    expect(other.code).toBe(2);
    expect(other.stderr).toContain('is the journal of another match');
    const lines = readFileSync(join(out, 'journal.jsonl'), 'utf8').split('\n');
    // A journaled decision that is not legal when the match is replayed (a game or bot changed): refused.
    const forged = JSON.parse(lines[2]) as { action: number };
    forged.action = 99_999;
    writeFileSync(join(out, 'journal.jsonl'), [lines[0], lines[1], JSON.stringify(forged), ...lines.slice(3)].join('\n'));
    const replayed = tavolo(['play', ...args], dir);
    expect(replayed.code).toBe(2);
    expect(replayed.stderr).toContain('the journaled decision of seat 0 is not legal in the replayed match');
    writeFileSync(join(out, 'journal.jsonl'), [lines[0], '{"n": "x"}', ...lines.slice(1)].join('\n'));
    const damaged = tavolo(['play', ...args], dir);
    expect(damaged.code).toBe(2);
    expect(damaged.stderr).toContain('line 2 is not a decision record');
  });

  it('plays a game loaded from a file to the end, saved and replayed by tavolo show', async () => {
    const dir = tempDir();
    const out = join(dir, 'm');
    // The fixture game gives no table view of its own: its seat sees its observation as text (the default).
    const game = join(FIXTURES, 'games', 'countdown.mjs');
    const served = await startServer(['--game', game, '--bots', 'random,random', '--option', 'pile=15', '--human', '1', '--bot-delay', '0', '--out', out], dir);
    const url = new URL(served.urls.get(1) as string);
    const token = url.searchParams.get('token') as string;
    const stream = listen(`${url.origin}/events?token=${token}&tab=A`);
    let taken = 0;
    for (let last = -1; !stream.messages.some((m) => m.type === 'end'); ) {
      const ask = stream.messages.filter((m) => m.type === 'ask').at(-1) as { n: number; actions: Array<{ action: number; text: string }> } | undefined;
      if (ask === undefined || ask.n === last) {
        await new Promise((r) => setTimeout(r, 20));
        continue;
      }
      expect(ask.actions.map((a) => a.text).join('|')).toMatch(/\S/);
      expect(await post(url.origin, { token, tab: 'A', seat: 1, n: ask.n, action: ask.actions.at(-1)?.action })).toEqual({ status: 200, ok: true });
      last = ask.n;
      taken++;
    }
    stream.close();
    expect(await served.stop('SIGINT')).toBe(0);
    expect(served.output()).toMatch(/Match over(: [^.]+\. (Winner|You win)|, annulled)/);
    const saved = JSON.parse(readFileSync(join(out, 'match.json'), 'utf8')) as { decisions: unknown[]; play: { seed: string } };
    expect(saved.decisions).toHaveLength(taken);
    // No --seed: a seed drawn at random, told at the end (terminal and page) and saved, so the match replays.
    expect(saved.play.seed).toMatch(/^[0-9a-f]{16}$/);
    expect(served.output()).toContain(`master seed "${saved.play.seed}"`);
    expect(stream.messages.find((m) => m.type === 'end')).toMatchObject({ seed: saved.play.seed, matchSeed: `${saved.play.seed}/match/0` });
    expect(stream.messages.filter((m) => m.type !== 'end').some((m) => 'seed' in m || 'matchSeed' in m)).toBe(false);
    const start = stream.messages.find((m) => m.type === 'start') as { view: { header: string[] } };
    expect(start.view.header[0]).toBe('seat 1 sees:');
    const shown = tavolo(['show', out], dir);
    expect(shown.stderr).toBe('');
    expect(shown.stdout).toContain('the match played with human seat 1');
  });

  it('refuses bad flags before serving anything', () => {
    const dir = tempDir();
    const cases: Array<[string[], RegExp]> = [
      [['--game', 'stop', '--bots', 'random,random', '--human', '2'], /--human: seat 2 does not exist: the seats are 0 to 1/],
      [['--game', 'stop', '--bots', 'random,random', '--human', '0,0'], /--human: seat 0 is given twice/],
      [['--game', 'stop', '--bots', 'random,random', '--human', 'x'], /--human/],
      [['--game', 'stop', '--bots', 'random,random', '--human', '0', '--as', '1'], /--as: cannot be combined with --human/],
      [['--game', 'stop', '--bots', 'random,random', '--human', '0', '--port', '70000'], /--port/],
      [['--game', 'stop', '--bots', 'random,random', '--human', '0', '--bot-delay', '-1'], /--bot-delay/],
      [['--resume'], /--resume: --resume needs --out/],
      [['--resume', '--out', 'nowhere'], /nothing to resume/],
      [['--resume', '--out', 'x', '--game', 'stop'], /--game: cannot be combined with --resume/],
    ];
    for (const [args, message] of cases) {
      const r = tavolo(['play', ...args], dir);
      expect(r.stderr, args.join(' ')).toMatch(message);
      expect(r.code, args.join(' ')).toBe(2);
    }
  });
});
