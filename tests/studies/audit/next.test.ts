import { writeFileSync, mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FIXTURES, ROOT, tempDir } from '../../fixtures/cli.js';
import type { Finding, FindingArea } from '../../../src/studies/audit/finding.js';
import { nextExperiment } from '../../../src/studies/audit/next.js';
import { planAudit } from '../../../src/studies/audit/plan.js';
import { readSpecFile, resolveSpec } from '../../../src/runner/spec.js';
import { planImportance } from '../../../src/studies/importance/run.js';

/**
 * Every next experiment the audit writes is accepted by the command it names, parsed by that command's own
 * spec parser: `tavolo run` (readSpecFile and resolveSpec) and `tavolo importance` (planImportance).
 */
function finding(id: string, area: FindingArea, severity: Finding['severity'] = 'amber'): Finding {
  return { id, area, severity, words: '', figure: '', interval: '', evidence: 1, command: '', reference: '' };
}

const FINDINGS = [
  finding('first_player_advantage_strong', 'balance', 'red'),
  finding('seat_balance_casual', 'balance'),
  finding('skill_casual', 'skill', 'red'),
  finding('skill_strong', 'skill'),
  finding('skill_thinking', 'skill'),
  finding('game_length', 'length'),
  finding('decided_at', 'tension'),
  finding('choice_share', 'choices'),
];

async function written(target: string, options?: Record<string, unknown>) {
  const dir = tempDir('tavolo-audit-next-');
  const plan = await planAudit({ target, baseDir: ROOT, matches: 4, options }, () => dir);
  const kinds = plan.game.importance?.actionKinds.map((k) => finding(`action_${k.name}`, 'actions')) ?? [];
  return { dir, plan, next: [...FINDINGS, ...kinds].map((f) => ({ f, next: nextExperiment(f, plan, dir)! })) };
}

function write(dir: string, file: string, spec: unknown): string {
  const path = join(dir, file);
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, JSON.stringify(spec, null, 2));
  return path;
}

describe('tavolo audit: the next experiments', () => {
  it.each([['stramat'], ['luck.mjs'], ['first-player.mjs']])('writes specs for %s that their commands accept', async (name) => {
    const { dir, next } = await written(name.endsWith('.mjs') ? join(FIXTURES, 'toy-games', name) : name);
    for (const { f, next: n } of next) {
      expect(n, f.id).toBeDefined();
      expect(n.file).toBe(`next/${f.id}.json`);
      const path = write(dir, n.file, n.spec);
      expect(n.command.endsWith(`next/${f.id}.json`) || n.command.includes(`next/${f.id}.json `)).toBe(true);
      if (n.command.startsWith('tavolo importance')) {
        expect(n.command).toContain('--view restricted');
        const plan = await planImportance({ target: path, baseDir: ROOT, view: 'restricted' }, () => join(dir, 'importance'));
        expect(plan.kinds.map((k) => k.name)).toContain(f.id.replace(/^action_/, ''));
      } else {
        expect(n.command).toMatch(/^tavolo run /);
        const spec = await resolveSpec(readSpecFile(path), dirname(path));
        expect(spec.variants.length).toBeGreaterThanOrEqual(1);
      }
    }
  });

  it('varies one option around the audited value and keeps the other options as audited', async () => {
    const { next, plan } = await written('stramat', { handSize: 4 });
    const n = next.find((x) => x.f.id === 'game_length')!.next;
    const spec = n.spec as { variants: Array<{ name: string; options: Record<string, unknown> }> };
    expect(spec.variants[0]).toEqual({ name: 'audited', options: plan.options });
    expect(spec.variants.length).toBe(3);
    // Every variant keeps handSize 4 unless handSize is the option varied.
    for (const v of spec.variants.slice(1)) {
      const changed = Object.keys(v.options).filter((k) => JSON.stringify(v.options[k]) !== JSON.stringify(plan.options[k]));
      expect(changed).toHaveLength(1);
      expect(Math.abs((v.options[changed[0]] as number) - (plan.options[changed[0]] as number))).toBe(1);
    }
  });

  it('gives green, info and the other parts\' findings no next experiment', async () => {
    const { plan, dir } = await written('stramat');
    expect(nextExperiment(finding('game_length', 'length', 'green'), plan, dir)).toBeUndefined();
    expect(nextExperiment(finding('end_reasons', 'ending', 'info'), plan, dir)).toBeUndefined();
  });
});
