import { describe, expect, it } from 'vitest';
import { compareNames, SORT_FROM, SORT_TO, sortKey } from '../../src/domain/lists/sort-key.ts';

describe('Spanish order of names (decision 075)', () => {
  it('puts accented initials with their letter, not after Z (issue 37 point 8)', () => {
    const page = ['Serrano', 'Suárez', 'Sánchez', 'Vega', 'Álvarez'];
    expect([...page].sort(compareNames)).toEqual(['Álvarez', 'Sánchez', 'Serrano', 'Suárez', 'Vega']);
  });

  it('keeps Ñ a letter of its own after N, and ignores case', () => {
    expect(['Murillo', 'Muñoz', 'Munuera', 'Nadal', 'ñandú', 'Ocaña', 'oliva'].sort(compareNames)).toEqual(['Munuera', 'Muñoz', 'Murillo', 'Nadal', 'ñandú', 'Ocaña', 'oliva']);
    expect(sortKey('ÉRICA López')).toBe('erica lopez');
    expect(sortKey('Peña')).toBe('pen~a');
  });

  it('maps one character to one in the table PostgreSQL runs through translate()', () => {
    expect([...SORT_FROM]).toHaveLength([...SORT_TO].length);
    expect(SORT_FROM).not.toMatch(/[Ññ]/);
  });
});
