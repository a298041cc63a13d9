import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { MailSettingsInput, mailSettingsProblems } from '../../src/domain/notifications/mail-settings.ts';
import { appLink, emailContent } from '../../src/server/mail/email-content.ts';

describe('emailContent', () => {
  const content = emailContent({
    lang: 'es',
    subject: 'Leave\r\nBcc: victim@example.com',
    heading: 'Ana <script>',
    lines: ['From 1 to 3 "May"', 'Second & last'],
    action: { label: 'Open', url: 'https://x.test/a?b=1&c="2"' },
    footer: 'Why you get this',
  });

  it('keeps the subject on one line (no header injection)', () => {
    expect(content.subject).toBe('Leave Bcc: victim@example.com');
  });

  it('escapes every value in the HTML and keeps them verbatim in the text', () => {
    expect(content.html).toContain('Ana &lt;script&gt;');
    expect(content.html).not.toContain('<script>');
    expect(content.html).toContain('href="https://x.test/a?b=1&amp;c=&quot;2&quot;"');
    expect(content.text).toBe('Ana <script>\n\nFrom 1 to 3 "May"\n\nSecond & last\n\nOpen: https://x.test/a?b=1&c="2"\n\n--\nWhy you get this');
  });

  it('says its language in the HTML (issue 37.15)', () => {
    expect(content.html).toMatch(/^<!doctype html><html lang="es">/);
    expect(emailContent({ lang: 'en', subject: 'S', heading: 'H', lines: [] }).html).toContain('<html lang="en">');
  });

  it('links into the app with or without a configured address', () => {
    expect(appLink('https://jornada.example/', '/leaves')).toBe('https://jornada.example/leaves');
    expect(appLink('', 'leaves')).toBe('/leaves');
  });
});

describe('MailSettingsInput', () => {
  const ok = { host: 'smtp.example.com', port: 587, security: 'starttls', user: 'u', from: 'Jornada <j@example.com>', appUrl: 'https://j.example/' };

  it('accepts a complete server and trims the app address', () => {
    const parsed = v.parse(MailSettingsInput, ok);
    expect(parsed.appUrl).toBe('https://j.example');
    expect(mailSettingsProblems(parsed)).toEqual({});
  });

  it('refuses a bad host, port, sender or app address', () => {
    for (const [field, value, key] of [
      ['host', 'smtp example', 'mail.invalidHost'],
      ['port', 70000, 'mail.invalidPort'],
      ['from', 'Jornada <no-at>', 'mail.invalidFrom'],
      ['from', 'a@b.c\r\nBcc: x@y.z', 'mail.invalidFrom'],
      ['appUrl', 'javascript:alert(1)', 'mail.invalidAppUrl'],
      ['appUrl', 'https://user:pw@j.example', 'mail.invalidAppUrl'],
    ] as const) {
      const result = v.safeParse(MailSettingsInput, { ...ok, [field]: value });
      expect(result.success, `${field}=${String(value)}`).toBe(false);
      expect(result.issues?.[0]?.message).toBe(key);
    }
  });

  it('wants a sender with a server and a server with a sender', () => {
    expect(mailSettingsProblems(v.parse(MailSettingsInput, { ...ok, from: '' }))).toEqual({ from: 'validation.required' });
    expect(mailSettingsProblems(v.parse(MailSettingsInput, { ...ok, host: '' }))).toEqual({ host: 'validation.required' });
    expect(mailSettingsProblems(v.parse(MailSettingsInput, { ...ok, host: '', from: '' }))).toEqual({});
  });
});
