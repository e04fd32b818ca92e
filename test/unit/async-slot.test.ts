import { setImmediate as nextTurn } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { AsyncSlot } from '../../src/lib/async-slot.js';

describe('AsyncSlot', () => {
  it('holds nothing outside a run', () => {
    expect(new AsyncSlot<number>().getStore()).toBeUndefined();
  });

  it('follows the work across awaits, timers and promises it starts', async () => {
    const slot = new AsyncSlot<string>();
    const seen = await slot.run('unit 1', async () => {
      await nextTurn();
      const later = new Promise<string | undefined>((resolve) =>
        setTimeout(() => resolve(slot.getStore()), 1),
      );
      return [slot.getStore(), await later];
    });
    expect(seen).toEqual(['unit 1', 'unit 1']);
    expect(slot.getStore()).toBeUndefined();
  });

  it('keeps concurrent runs apart', async () => {
    const slot = new AsyncSlot<number>();
    const read = (n: number) =>
      slot.run(n, async () => {
        await nextTurn();
        return slot.getStore();
      });
    expect(await Promise.all([read(1), read(2), read(3)])).toEqual([1, 2, 3]);
  });

  it('lets each slot keep its value when another is set inside it, and restores it after', async () => {
    const unit = new AsyncSlot<string>();
    const scope = new AsyncSlot<string>();
    const inner = await unit.run('outer unit', () =>
      scope.run('rows', async () => {
        await nextTurn();
        const nested = unit.run('inner unit', () => [unit.getStore(), scope.getStore()]);
        return { nested, after: [unit.getStore(), scope.getStore()] };
      }),
    );
    expect(inner).toEqual({ nested: ['inner unit', 'rows'], after: ['outer unit', 'rows'] });
  });
});
