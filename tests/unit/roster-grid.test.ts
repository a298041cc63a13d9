import { describe, expect, it } from 'vitest';
import { cellId, datesBetween, dropAction, gridMove, mondayOf, parseCellId, stepAnchor, viewRange } from '../../src/domain/roster/roster-grid.ts';

describe('roster grid dates (decision 089)', () => {
  it('shows the ISO week Monday to Sunday around any date', () => {
    expect(viewRange('week', '2026-12-03')).toEqual({ from: '2026-11-30', to: '2026-12-06' });
    expect(viewRange('week', '2026-12-06')).toEqual({ from: '2026-11-30', to: '2026-12-06' });
    expect(mondayOf('2026-11-30')).toBe('2026-11-30');
  });

  it('shows a whole calendar month, leap February included', () => {
    expect(viewRange('month', '2028-02-15')).toEqual({ from: '2028-02-01', to: '2028-02-29' });
    expect(viewRange('month', '2026-12-31')).toEqual({ from: '2026-12-01', to: '2026-12-31' });
    expect(datesBetween('2026-12-01', '2026-12-31')).toHaveLength(31);
  });

  it('steps by a week, a month or a day', () => {
    expect(stepAnchor('week', '2026-12-03', 1)).toBe('2026-12-07');
    expect(stepAnchor('week', '2026-12-03', -1)).toBe('2026-11-23');
    expect(stepAnchor('month', '2026-12-31', 1)).toBe('2027-01-01');
    expect(stepAnchor('month', '2027-01-31', -1)).toBe('2026-12-01');
    expect(stepAnchor('day', '2026-12-31', 1)).toBe('2027-01-01');
    expect(viewRange('day', '2026-12-31')).toEqual({ from: '2026-12-31', to: '2026-12-31' });
  });
});

describe('roster grid keyboard', () => {
  it('moves one cell per arrow and stops at the edges', () => {
    expect(gridMove({ row: 0, col: 0 }, 'ArrowRight', 3, 7)).toEqual({ row: 0, col: 1 });
    expect(gridMove({ row: 0, col: 6 }, 'ArrowRight', 3, 7)).toEqual({ row: 0, col: 6 });
    expect(gridMove({ row: 0, col: 2 }, 'ArrowUp', 3, 7)).toEqual({ row: 0, col: 2 });
    expect(gridMove({ row: 2, col: 2 }, 'ArrowDown', 3, 7)).toEqual({ row: 2, col: 2 });
    expect(gridMove({ row: 1, col: 3 }, 'End', 3, 7)).toEqual({ row: 1, col: 6 });
    expect(gridMove({ row: 1, col: 3 }, 'Home', 3, 7)).toEqual({ row: 1, col: 0 });
    expect(gridMove({ row: 1, col: 3 }, 'a', 3, 7)).toBeNull();
  });
});

describe('roster drag and drop', () => {
  it('names cells so a drop finds its employee (or the open row) and date', () => {
    expect(parseCellId(cellId(12, '2026-12-01'))).toEqual({ employee: 12, date: '2026-12-01' });
    expect(parseCellId(cellId(null, '2026-12-01'))).toEqual({ employee: null, date: '2026-12-01' });
    expect(parseCellId('template:3')).toBeNull();
  });

  const free = { locked: false, taken: false };
  it('assigns a template dropped on a free cell, never on a taken or locked one', () => {
    expect(dropAction({ kind: 'template', template: 3 }, { employee: 5, date: '2026-12-01' }, free)).toEqual({ kind: 'assign', template: 3, employee: 5, date: '2026-12-01' });
    expect(dropAction({ kind: 'template', template: 3 }, { employee: 5, date: '2026-12-01' }, { locked: false, taken: true })).toBeNull();
    expect(dropAction({ kind: 'template', template: 3 }, { employee: 5, date: '2026-12-01' }, { locked: true, taken: false })).toBeNull();
    // The open row takes any number of shifts a day.
    expect(dropAction({ kind: 'template', template: 3 }, { employee: null, date: '2026-12-01' }, { locked: false, taken: true })).toEqual({ kind: 'assign', template: 3, employee: null, date: '2026-12-01' });
  });

  it('moves a shift to another free cell; its own cell, a taken or a locked one do nothing', () => {
    const shift = { kind: 'shift' as const, shift: 9, employee: 5, date: '2026-12-01' };
    expect(dropAction(shift, { employee: 6, date: '2026-12-02' }, free)).toEqual({ kind: 'move', shift: 9, employee: 6, date: '2026-12-02' });
    expect(dropAction(shift, { employee: 5, date: '2026-12-01' }, { locked: false, taken: true })).toBeNull();
    expect(dropAction(shift, { employee: 6, date: '2026-12-02' }, { locked: false, taken: true })).toBeNull();
    expect(dropAction(shift, { employee: 6, date: '2026-12-02' }, { locked: true, taken: false })).toBeNull();
    expect(dropAction(shift, { employee: null, date: '2026-12-02' }, { locked: false, taken: true })).toEqual({ kind: 'move', shift: 9, employee: null, date: '2026-12-02' });
  });
});
