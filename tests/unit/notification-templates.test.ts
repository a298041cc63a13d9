import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../../src/i18n/languages.ts';
import { translator } from '../../src/i18n/translate.ts';
import { backupFailedEmail } from '../../src/server/services/notifications/templates/backup-failed.ts';
import { correctionAwaitingEmail } from '../../src/server/services/notifications/templates/correction-awaiting-acceptance.ts';
import { correctionDecidedEmail } from '../../src/server/services/notifications/templates/correction-decided.ts';
import { rosterPublishedEmail } from '../../src/server/services/notifications/templates/roster-published.ts';
import { correctionDisputedEmail } from '../../src/server/services/notifications/templates/correction-disputed.ts';
import { correctionRequestedEmail } from '../../src/server/services/notifications/templates/correction-requested.ts';
import { leaveDecidedEmail } from '../../src/server/services/notifications/templates/leave-decided.ts';
import { leaveRequestedEmail } from '../../src/server/services/notifications/templates/leave-requested.ts';
import { terminalSilentEmail } from '../../src/server/services/notifications/templates/terminal-silent.ts';

/**
 * Decision 055: every event template in both languages says its facts, links into the app, never
 * shows an i18n key, and escapes what people typed in the HTML.
 */
const LINK = 'https://jornada.example/x';
const zone = { timeZone: 'Europe/Madrid', timeFormat: '1' };
const build = {
  leaveRequested: (lang: 'es' | 'en') =>
    leaveRequestedEmail(lang, translator(lang), { employeeName: 'Ana <b>Ruiz</b>', leaveTypeName: 'Vacaciones', from: '2027-04-06', to: '2027-04-07', days: 2, reason: 'Boda & viaje', link: LINK }),
  leaveApproved: (lang: 'es' | 'en') =>
    leaveDecidedEmail(lang, translator(lang), { status: 'approved', leaveTypeName: 'Vacaciones', from: '2027-04-06', to: '2027-04-07', deciderName: 'Marta', comment: 'Disfruta', link: LINK }),
  leaveDeclined: (lang: 'es' | 'en') => leaveDecidedEmail(lang, translator(lang), { status: 'declined', leaveTypeName: 'Vacaciones', from: '2027-04-06', to: '2027-04-07', deciderName: null, comment: null, link: LINK }),
  correctionRequested: (lang: 'es' | 'en') =>
    correctionRequestedEmail(lang, translator(lang), { employeeName: 'Ana Ruiz', date: '2027-03-02', kind: 'missingCheckOut', timeIn: '08:00', timeOut: '16:00', reason: 'Olvidé fichar', link: LINK }),
  correctionAwaiting: (lang: 'es' | 'en') => correctionAwaitingEmail(lang, translator(lang), { date: '2027-03-02', dueAt: '2027-03-09T10:00:00Z', timeZone: 'Europe/Madrid', link: LINK }),
  terminalSilent: (lang: 'es' | 'en') => terminalSilentEmail(lang, translator(lang), { name: 'Puerta', location: 'Almacén', lastSeenAt: '2027-03-05T11:00:00Z', ...zone, link: LINK }),
  correctionDecided: (lang: 'es' | 'en') => correctionDecidedEmail(lang, translator(lang), { status: 'declined', date: '2027-03-02', deciderName: 'Marta', comment: 'No consta', link: LINK }),
  correctionDisputed: (lang: 'es' | 'en') => correctionDisputedEmail(lang, translator(lang), { employeeName: 'Ana Ruiz', date: '2027-03-02', link: LINK }),
  rosterPublished: (lang: 'es' | 'en') =>
    rosterPublishedEmail(lang, translator(lang), {
      changes: [
        { date: '2027-03-02', before: null, after: { kind: 'shift', startTime: '14:00', endTime: '22:00', breakMinutes: 30 } },
        { date: '2027-03-03', before: { kind: 'shift', startTime: '07:00', endTime: '15:00', breakMinutes: 0 }, after: { kind: 'rest' } },
      ],
      link: LINK,
    }),
  backupFailed: (lang: 'es' | 'en') => backupFailedEmail(lang, translator(lang), { at: '2027-03-05T03:30:00Z', reason: 'ENOSPC: no space left on device', trigger: 'scheduled', ...zone, link: LINK }),
};

describe('event notification templates', () => {
  for (const [name, make] of Object.entries(build)) {
    for (const lang of LANGUAGES) {
      it(`${name} in ${lang}: no bare key, the link in both bodies`, () => {
        const mail = make(lang);
        for (const part of [mail.subject, mail.text, mail.html]) expect(part).not.toMatch(/notifications\.[a-zA-Z]/);
        expect(mail.text).toContain(LINK);
        expect(mail.html).toContain(`href="${LINK}"`);
        expect(mail.subject).not.toMatch(/\n/);
      });
    }
  }

  it('writes the facts in the reader’s language', () => {
    // A published roster (issue 39, decision 085): one line per changed day, before → after.
    expect(build.rosterPublished('es').subject).toBe('Tu cuadrante cambia 2 días');
    expect(build.rosterPublished('es').text).toContain('martes, 2 de marzo de 2027: sin planificar → 14:00–22:00 (pausa de 30 min)');
    expect(build.rosterPublished('en').text).toContain('Wednesday, 3 March 2027: 07:00–15:00 → rest day');
    expect(build.leaveRequested('es').text).toContain('Ana <b>Ruiz</b> ha solicitado Vacaciones del martes, 6 de abril de 2027 al miércoles, 7 de abril de 2027 (2 días laborables).');
    expect(build.leaveRequested('en').subject).toBe('Leave request from Ana <b>Ruiz</b>');
    const oneDay = leaveRequestedEmail('en', translator('en'), { employeeName: 'Ana', leaveTypeName: 'Holiday', from: '2027-04-06', to: '2027-04-06', days: 1, reason: '', link: LINK });
    expect(oneDay.text).toContain('Ana asked for Holiday for Tuesday, 6 April 2027 (1 working day).');
    // One day is named once, not "from … to" the same date (issue 37.15).
    const unDia = leaveDecidedEmail('es', translator('es'), { status: 'approved', leaveTypeName: 'Vacaciones', from: '2027-12-22', to: '2027-12-22', deciderName: null, comment: null, link: LINK });
    expect(unDia.subject).toBe('Ausencia aprobada: Vacaciones para el miércoles, 22 de diciembre de 2027');
    expect(unDia.text).not.toContain(' al ');
    expect(oneDay.text).not.toContain('Reason:');
    expect(build.leaveApproved('es').subject).toBe('Ausencia aprobada: Vacaciones del martes, 6 de abril de 2027 al miércoles, 7 de abril de 2027');
    expect(build.leaveDeclined('en').text).toContain('was declined');
    expect(build.leaveDeclined('en').text).not.toContain('Decided by');
    expect(build.correctionRequested('en').text).toContain('asks to complete the check-out');
    expect(build.correctionDecided('es').subject).toBe('Se ha rechazado tu corrección del martes, 2 de marzo de 2027');
    expect(build.correctionDecided('en').text).toContain('Comment: No consta');
    expect(build.backupFailed('es').text).toContain('ENOSPC');
    // 11:00 UTC is 12:00 in Madrid in March (CET).
    expect(build.terminalSilent('en').text).toContain('12:00');
  });

  it('escapes what people typed in the HTML', () => {
    const html = build.leaveRequested('es').html;
    expect(html).toContain('Ana &lt;b&gt;Ruiz&lt;/b&gt;');
    expect(html).toContain('Boda &amp; viaje');
    expect(html).not.toContain('<b>Ruiz</b>');
  });
});
