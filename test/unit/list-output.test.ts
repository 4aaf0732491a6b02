// How lists print: printItems as items are read, and holdList for a list sorted once it is all read
// (task list), which must print the very bytes printItems would for the same items in the same order.
import { Writable } from 'node:stream';
import { Chalk } from 'chalk';
import { describe, expect, it } from 'vitest';
import type { IO } from '../../src/io.js';
import { holdList } from '../../src/output/sorted-list.js';
import { printItems } from '../../src/output/list.js';
import type { OutputTarget } from '../../src/output/print.js';
import type { Column } from '../../src/output/table.js';

const chalk = new Chalk({ level: 0 });

interface Item {
  id: string;
  title: string;
  n: number;
}

const columns: Column<Item>[] = [
  { header: 'ID', value: (i) => i.id },
  { header: 'Title', value: (i) => i.title, flex: true },
  { header: 'N', value: (i) => String(i.n) },
];

/** An output whose stdout records each write; `shown` records what the list says it printed. */
function target(mode: 'json' | 'plain' | 'table') {
  const writes: string[] = [];
  const stdout = new Writable({
    write(chunk: Buffer, _encoding, done) {
      writes.push(chunk.toString('utf8'));
      done();
    },
  });
  let errors = '';
  const stderr = new Writable({
    write(chunk: Buffer, _encoding, done) {
      errors += chunk.toString('utf8');
      done();
    },
  });
  const io = { stdout, stderr, isStdoutTTY: mode === 'table', isStderrTTY: false, columns: 100 } as unknown as IO;
  const shown: string[] = [];
  const out: OutputTarget = { io, json: mode === 'json', chalk, shown: (s) => shown.push(`${s.id}:${s.label}`) };
  return { out, writes, text: () => writes.join(''), errors: () => errors, shown };
}

// Multi-byte text, characters --json escapes and piped output escapes, and titles long enough that a
// few thousand items pass the store's 1 MB blocks.
const items: Item[] = Array.from({ length: 4000 }, (_, n) => ({
  id: `t_${n}`,
  title: `${n % 7 === 0 ? '返金の依頼 🧾 ' : ''}${n % 11 === 0 ? 'tab\there\u202e\u2028' : ''}Item number ${n} ${'x'.repeat(n % 400)}`,
  n,
}));

async function printed(mode: 'json' | 'plain' | 'table', list: Item[]) {
  const t = target(mode);
  const count = await printItems(t.out, list, columns, { empty: 'Nothing.' });
  return { count, text: t.text(), shown: t.shown, errors: t.errors(), writes: t.writes.length };
}

function held(mode: 'json' | 'plain' | 'table', list: Item[], order: number[]) {
  const t = target(mode);
  const h = holdList(t.out, columns, { empty: 'Nothing.' });
  for (const item of list) h.hold(item);
  const count = h.print(order);
  return { count, size: h.size, text: t.text(), shown: t.shown, errors: t.errors() };
}

describe('holdList', () => {
  // Sorted by title length, then ids descending: an order nothing like the order held.
  const order = items.map((_, i) => i).sort((a, b) => (items[a]?.title.length ?? 0) - (items[b]?.title.length ?? 0) || b - a);
  const sorted = order.map((i) => items[i] as Item);

  for (const mode of ['json', 'plain', 'table'] as const) {
    it(`prints what printItems prints for the same items in the same order (${mode})`, async () => {
      // A table of a few hundred rows says as much as one of thousands, in less time.
      const [list, by] = mode === 'table' ? [items.slice(0, 300), order.filter((i) => i < 300)] : [items, order];
      const want = await printed(
        mode,
        by.map((i) => items[i] as Item),
      );
      const got = held(mode, list, by);
      expect(got.size).toBe(list.length);
      expect(got.count).toBe(list.length);
      expect(got.text).toBe(want.text);
      expect(got.shown).toEqual(want.shown);
      const first = items[by[0] ?? 0];
      expect(got.shown[0]).toBe(`${first?.id}:${first?.title}`);
    });

    it(`prints the items passed as they come, then the held ones, as printItems prints them all (${mode})`, async () => {
      const [list, by] = mode === 'table' ? [items.slice(0, 300), order.filter((i) => i < 300)] : [items, order];
      const inOrder = by.flatMap((i) => list.slice(i, i + 1));
      // The first 40 in the order are passed (the first column, known to print first); the rest are held.
      const t = target(mode);
      const h = holdList(t.out, columns, { empty: 'Nothing.' });
      for (const item of inOrder.slice(0, 40)) h.pass(item);
      // Written within a turn of the event loop (a small list is gathered into one write).
      await new Promise((resolve) => setImmediate(resolve));
      const passedText = t.text();
      const rest = inOrder.slice(40);
      for (const item of rest) h.hold(item);
      const count = h.print(rest.map((_, n) => n));
      const want = await printed(mode, inOrder);
      expect(count).toBe(by.length);
      expect(t.text()).toBe(want.text);
      expect(t.shown).toEqual(want.shown);
      // Piped and with --json, the items passed were written before any was held; a table waits.
      if (mode === 'table') expect(passedText).toBe('');
      else expect(want.text.startsWith(passedText) && passedText.length > 0).toBe(true);
      // Only items passed: the list ends as printItems ends it.
      const only = target(mode);
      const o = holdList(only.out, columns, { empty: 'Nothing.' });
      for (const item of list.slice(0, 3)) o.pass(item);
      expect(o.print([])).toBe(3);
      expect(only.text()).toBe((await printed(mode, list.slice(0, 3))).text);
    });

    it(`prints the first N of an order, and an empty list as printItems does (${mode})`, async () => {
      const first = held(mode, items, order.slice(0, 3));
      expect(first.count).toBe(3);
      expect(first.text).toBe((await printed(mode, sorted.slice(0, 3))).text);
      const none = held(mode, [], []);
      const want = await printed(mode, []);
      expect([none.count, none.text, none.errors]).toEqual([0, want.text, want.errors]);
    });
  }

  it('prints items held in order, and an item larger than a block, exactly', async () => {
    const big: Item = { id: 't_big', title: `big ${'é'.repeat(700_000)}`, n: -1 };
    const list = [...items.slice(0, 10), big, ...items.slice(10, 20)];
    for (const mode of ['json', 'plain'] as const) {
      const got = held(
        mode,
        list,
        list.map((_, i) => i),
      );
      expect(got.text).toBe((await printed(mode, list)).text);
    }
    expect(JSON.parse(held('json', list, [10]).text)).toEqual([big]);
  });
});

describe('printItems', () => {
  it('writes in chunks, not once per item', async () => {
    for (const mode of ['json', 'plain'] as const) {
      const { count, writes } = await printed(mode, items);
      expect(count).toBe(items.length);
      expect(writes).toBeLessThan(items.length / 20);
    }
  });

  it('writes what it has read before it waits for more', async () => {
    const t = target('plain');
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const reading = printItems(
      t.out,
      (async function* () {
        yield items[1] as Item;
        await gate; // the next page, on its way
        yield items[2] as Item;
      })(),
      columns,
    );
    // While the list waits, the first item is out.
    while (!t.text()) await new Promise((resolve) => setImmediate(resolve));
    expect(t.text()).toBe('t_1\tItem number 1 x\t1\n');
    release();
    expect(await reading).toBe(2);
    expect(t.text().split('\n')).toHaveLength(3);
  });

  it('prints what it read before a failure, then fails', async () => {
    const t = target('json');
    const failing = (async function* () {
      yield items[1] as Item;
      throw new Error('page 2 failed');
    })();
    await expect(printItems(t.out, failing, columns)).rejects.toThrow('page 2 failed');
    expect(t.text()).toBe(`[\n${JSON.stringify(items[1])}`);
  });
});
