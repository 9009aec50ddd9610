import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

/**
 * The shell shared by the report and the match viewer: one HTML file with its styles, data and scripts
 * inlined, so it opens offline and can be mailed. Nothing on the page is fetched.
 */

export function escapeHtml(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** JSON that is safe inside a <script> element (no `</script>`, no `<!--`). */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
}

/** Library code inlined in a <script>: a literal `</script` inside it would end the element early. */
export function scriptCode(code: string): string {
  return code.replace(/<\/script/gi, '<\\/script');
}

const require = createRequire(import.meta.url);

/** A file of an installed package (found from its entry point: these packages do not export package.json). */
function packageFile(pkg: string, file: string): string {
  let dir = dirname(require.resolve(pkg));
  while (!isPackageRoot(dir, pkg)) {
    const up = dirname(dir);
    if (up === dir) throw new Error(`cannot find the folder of the package ${pkg}`);
    dir = up;
  }
  return readFileSync(join(dir, file), 'utf8');
}

function isPackageRoot(dir: string, pkg: string): boolean {
  const file = join(dir, 'package.json');
  return existsSync(file) && (JSON.parse(readFileSync(file, 'utf8')) as { name?: string }).name === pkg;
}

/** Observable Plot's browser bundle and the d3 it runs on (their licence headers kept). */
export function plotLibrary(): string {
  return `${packageFile('d3', 'dist/d3.min.js')}\n${packageFile('@observablehq/plot', 'dist/plot.umd.min.js')}`;
}

export const BASE_CSS = `
:root { color-scheme: light; font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; }
body { margin: 0 auto; max-width: 1100px; padding: 1rem 1.5rem 3rem; color: #222; background: #fff; }
h1 { font-size: 1.5rem; margin: 0.5rem 0; }
h2 { font-size: 1.15rem; margin: 2rem 0 0.25rem; }
table { border-collapse: collapse; font-size: 0.85rem; margin: 0.5rem 0; }
th, td { border: 1px solid #ccc; padding: 0.15rem 0.5rem; text-align: left; vertical-align: top; }
th { background: #f3f3f3; }
td.num { text-align: right; font-variant-numeric: tabular-nums; }
details { margin: 0.25rem 0 1rem; }
summary { cursor: pointer; color: #1f5fa0; }
.note { color: #555; font-size: 0.9rem; margin: 0.2rem 0 0.5rem; }
figure { margin: 0; }
`;

export function page(title: string, css: string, body: string, scripts: string[]): string {
  return (
    `<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n` +
    `<meta name="viewport" content="width=device-width, initial-scale=1">\n` +
    `<title>${escapeHtml(title)}</title>\n<style>${BASE_CSS}${css}</style>\n</head>\n<body>\n${body}\n` +
    scripts.map((s) => `<script>\n${scriptCode(s)}\n</script>\n`).join('') +
    `</body>\n</html>\n`
  );
}

/** A table of plain cells; numbers are right-aligned. */
export function htmlTable(columns: string[], rows: (string | number)[][]): string {
  const cell = (v: string | number) => {
    const s = String(v ?? '');
    const numeric = typeof v === 'number' || /^-?[\d.,]+%?$/.test(s);
    return `<td${numeric ? ' class="num"' : ''}>${escapeHtml(s)}</td>`;
  };
  return (
    `<table><thead><tr>${columns.map((c) => `<th scope="col">${escapeHtml(c)}</th>`).join('')}</tr></thead>` +
    `<tbody>${rows.map((r) => `<tr>${r.map(cell).join('')}</tr>`).join('')}</tbody></table>`
  );
}
