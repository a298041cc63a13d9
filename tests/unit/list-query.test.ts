import { describe, expect, it } from 'vitest';
import { likePattern, parseListQuery } from '../../src/domain/lists/list-query.ts';

const options = { sortable: ['name', 'email'], defaultSort: 'name' };

describe('parseListQuery', () => {
  it('uses the defaults when parameters are absent (page 1, 10 per page)', () => {
    expect(parseListQuery(new URLSearchParams(''), options)).toEqual({ q: '', page: 1, pageSize: 10, sort: 'name', dir: 'asc', filters: {} });
    expect(parseListQuery(new URLSearchParams('pageSize=&page='), options)).toMatchObject({ page: 1, pageSize: 10 });
  });

  it('clamps out-of-range values, ignores unknown sort keys and keeps other parameters as filters', () => {
    const q = parseListQuery(new URLSearchParams('page=-3&pageSize=5000&sort=passwordHash&dir=up&q=%20ana%20&role=2&status='), options);
    expect(q).toEqual({ q: 'ana', page: 1, pageSize: 1000, sort: 'name', dir: 'asc', filters: { role: '2' } });
    expect(parseListQuery(new URLSearchParams('pageSize=0&sort=email&dir=desc'), options)).toMatchObject({ pageSize: 1, sort: 'email', dir: 'desc' });
  });

  it('escapes LIKE wildcards', () => {
    expect(likePattern('50%_a\\b')).toBe('%50\\%\\_a\\\\b%');
  });
});
