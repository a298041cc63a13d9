import { describe, expect, it } from 'vitest';
import { loggedPath } from '../../src/server/http/logged-path.ts';

// Decision 087: a calendar feed's secret is its only key, so the request log never writes it.
describe('loggedPath', () => {
  it('drops the query string and the feed secret', () => {
    expect(loggedPath('/employees?search=Ana')).toBe('/employees');
    expect(loggedPath('/calendar/AbCdEfGhIjKlMnOpQrStUvWxYz0123456789_-abcde.ics')).toBe('/calendar/[secret].ics');
    expect(loggedPath('/calendar/x.ics?foo=1')).toBe('/calendar/[secret].ics');
    expect(loggedPath('/api/personal/calendar-feed')).toBe('/api/personal/calendar-feed');
  });
});
