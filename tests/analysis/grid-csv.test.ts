import { describe, expect, it } from 'vitest';
import { gridFromCsv } from '../../src/analysis/grid-csv.js';
import { madeUpGrid } from '../helpers/sweep-fixtures.js';

describe('grid.csv', () => {
  it('reads grid.csv back as written, and refuses a grid with a cell missing', () => {
    const g = madeUpGrid([['3', '5', '7'], ['0', '8', '16']]);
    const back = gridFromCsv(g.rows)!;
    expect(back.grid).toEqual(g.grid);
    expect(back.figures).toEqual(g.figures);
    expect(gridFromCsv(g.rows.filter((r) => r.variant !== 'handSize=5,jollies=8'))).toBeUndefined();
  });

});
