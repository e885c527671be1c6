import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { isRunsFile, readHistoryCsv, runsOfSeries, seriesFromRuns, seriesFromSnapshots, snapshotsFromCsv } from '../../eval/backtest-input.ts';

const CSV = `commit_date,commit,id,link,title,size,price,availability
2025-01-01T10:00:00+00:00,a1,SKU1,https://s.example/1,Tee,M,20.00 USD,in stock
2025-01-01T10:00:00+00:00,a1,SKU2,https://s.example/2,Cap,,15.00 USD,in stock
2025-01-01T18:00:00+00:00,a2,SKU1,https://s.example/1,Tee,M,18.00 USD,in stock
2025-01-04T09:00:00-05:00,a3,SKU1,https://s.example/1,Tee,M,"1,000.00 USD",out of stock
2025-01-04T09:00:00-05:00,a3,SKU3,,Bag,,not a price,in stock
`;

describe('backtest inputs (issue 16 §4)', () => {
  it('reads a history CSV: the last snapshot of a day wins, states hold until the next snapshot, sizes are their own offers', () => {
    const { snapshots, skipped } = snapshotsFromCsv(CSV);
    expect(skipped).toBe(1);
    const series = seriesFromSnapshots(snapshots);
    const start = Date.UTC(2025, 0, 1) / 86_400_000;
    expect(series.get('SKU1|M')).toEqual([
      { day: start, price: 1800, inStock: true },
      { day: start + 1, price: 1800, inStock: true },
      { day: start + 2, price: 1800, inStock: true },
      { day: start + 3, price: 100000, inStock: false },
    ]);
    expect(series.get('SKU2')!.map((p) => p.day)).toEqual([start, start + 1, start + 2]);
  });

  it('leaves a silence longer than the gap unobserved', () => {
    const day = Date.UTC(2025, 0, 1) / 86_400_000;
    const series = seriesFromSnapshots(
      [
        { day, items: new Map([['x', { price: 100, inStock: true }]]) },
        { day: day + 100, items: new Map([['x', { price: 90, inStock: true }]]) },
      ],
      31,
    );
    expect(series.get('x')!.length).toBe(32);
    expect(series.get('x')!.at(-1)).toEqual({ day: day + 100, price: 90, inStock: true });
  });

  it('reads a history CSV stored gzipped as the same text', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'history-'));
    writeFileSync(path.join(dir, 'h.csv'), CSV);
    writeFileSync(path.join(dir, 'h.csv.gz'), gzipSync(CSV));
    expect(readHistoryCsv(path.join(dir, 'h.csv.gz'))).toBe(CSV);
    expect(readHistoryCsv(path.join(dir, 'h.csv'))).toBe(CSV);
  });

  it('keeps a history as runs of equal days and reads it back to the same series, gaps and stock included', () => {
    const day = Date.UTC(2025, 0, 1) / 86_400_000;
    const series = seriesFromSnapshots(
      [
        { day, items: new Map([['a@S', { price: 1350, inStock: true }]]) },
        {
          day: day + 2,
          items: new Map([
            ['a@S', { price: 1280, inStock: true }],
            ['b@T', { price: 990, inStock: false }],
          ]),
        },
        { day: day + 3, items: new Map([['a@S', { price: 1280, inStock: false }]]) },
        { day: day + 20, items: new Map([['a@S', { price: 1350, inStock: true }]]) },
      ],
      3,
    );
    const text = runsOfSeries(series);
    expect(text.split('\n').slice(0, 5)).toEqual([
      'id\tfrom\tto\tprice\tavailability',
      'a@S\t2025-01-01\t2025-01-02\t1350\tin_stock',
      'a@S\t2025-01-03\t2025-01-03\t1280\tin_stock',
      'a@S\t2025-01-04\t2025-01-06\t1280\tout_of_stock',
      'a@S\t2025-01-21\t2025-01-21\t1350\tin_stock',
    ]);
    expect(seriesFromRuns(text)).toEqual(series);
    expect(isRunsFile('h.runs.tsv.gz') && isRunsFile('h.runs.tsv') && !isRunsFile('h.csv.gz')).toBe(true);
  });

  it('refuses a runs file it cannot read, naming the line', () => {
    expect(() => seriesFromRuns('id,from,to\n')).toThrow(/first line/);
    expect(() => seriesFromRuns('id\tfrom\tto\tprice\tavailability\nx\t2025-01-02\t2025-01-01\t100\tin_stock\n')).toThrow(/line 2/);
    expect(() => seriesFromRuns('id\tfrom\tto\tprice\tavailability\nx\t2025-01-01\t2025-01-01\t1.5\tin_stock\n')).toThrow(/line 2/);
  });
});
