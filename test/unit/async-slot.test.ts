import { setImmediate as nextTurn } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { AsyncSlot, currentSlots, runWithSlots, type SlotValues } from '../../src/lib/async-slot.js';

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

  it('stops following work left running past its run once no run is under way', async () => {
    const slot = new AsyncSlot<string>();
    let stray: Promise<string | undefined> | undefined;
    await slot.run('unit', async () => {
      await nextTurn();
      // left running: it reads the slot after the run has finished
      stray = new Promise((resolve) => setTimeout(() => resolve(slot.getStore()), 20));
    });
    // no run under way any more: the storage (and its promise hooks) is off
    expect(await stray).toBeUndefined();
  });

  it('keeps a run going while another one ends, and follows runs started after all ended', async () => {
    const slot = new AsyncSlot<number>();
    const long = slot.run(1, async () => {
      await new Promise((resolve) => setTimeout(resolve, 20));
      return slot.getStore();
    });
    expect(
      await slot.run(2, async () => {
        await nextTurn();
        return slot.getStore();
      }),
    ).toBe(2);
    expect(await long).toBe(1);
    // every run ended; a new one is followed across timers again
    const again = await slot.run(3, async () => {
      await nextTurn();
      return new Promise((resolve) => setTimeout(() => resolve(slot.getStore()), 1));
    });
    expect(again).toBe(3);
  });

  it('ends a run whose work throws or fails, so the next run starts clean', async () => {
    const slot = new AsyncSlot<string>();
    expect(() =>
      slot.run('sync', () => {
        throw new Error('boom');
      }),
    ).toThrow('boom');
    await expect(slot.run('async', () => Promise.reject(new Error('no')))).rejects.toThrow('no');
    expect(slot.getStore()).toBeUndefined();
    expect(await slot.run('next', async () => (await nextTurn(), slot.getStore()))).toBe('next');
  });

  it('runs later work with the slots taken where it was registered, once every run has ended', async () => {
    const slot = new AsyncSlot<string>();
    let taken: SlotValues;
    await slot.run('write', async () => {
      await nextTurn();
      taken = currentSlots();
    });
    expect(runWithSlots(taken, () => slot.getStore())).toBe('write');
    expect(slot.getStore()).toBeUndefined();
    // values taken outside any run hide the slots of the run it is called in
    const inOther = await slot.run('other', async () => {
      await nextTurn();
      return runWithSlots(undefined, () => slot.getStore());
    });
    expect(inOther).toBeUndefined();
  });
});
