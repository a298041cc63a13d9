import { describe, expect, it } from 'vitest';
import { findUnstorableText, textProblem } from '../../src/domain/text/storable-text.ts';
import { AppError } from '../../src/server/http/app-error.ts';
import { readJsonBody } from '../../src/server/http/json-body.ts';

/**
 * Issue 33.3: text the record cannot keep exactly is refused at the JSON edge, for every
 * endpoint, with a 422 naming the field (decision 026).
 */

describe('textProblem', () => {
  it('refuses text that is not well-formed Unicode (a lone surrogate)', () => {
    expect(textProblem('a\ud800b')).toBe('notWellFormed');
    expect(textProblem('\udc00')).toBe('notWellFormed');
    expect(textProblem('end\ud83d')).toBe('notWellFormed');
  });

  it('refuses control characters but tab, LF and CR (C0, DEL and C1)', () => {
    for (const c of ['\u0000', '\u0001', '\u0008', '\u000b', '\u000c', '\u000e', '\u001b', '\u001f', '\u007f', '\u0080', '\u009f']) {
      expect(textProblem(`a${c}b`), JSON.stringify(c)).toBe('controlCharacter');
    }
  });

  it('keeps tab, line breaks (LF and CRLF), emoji, other scripts and format characters', () => {
    for (const ok of ['', 'Llegó tarde:\tel metro\r\nparado\nhoy', '👩‍🔧 🏳️‍🌈 🇪🇸', 'Ñandú 日本語 שלום', 'abc\u202Edef', '\u00a0\u200b', '\ufffd']) {
      expect(textProblem(ok), JSON.stringify(ok)).toBeNull();
    }
  });
});

describe('findUnstorableText', () => {
  it('names the first wrong text by its dot path, keys included', () => {
    expect(findUnstorableText({ reason: 'ok', notes: ['fine', { text: 'x\ud800' }] })).toEqual({ field: 'notes.1.text', problem: 'notWellFormed' });
    expect(findUnstorableText({ a: 1, b: null, c: true, reason: 'line\u0007' })).toEqual({ field: 'reason', problem: 'controlCharacter' });
    expect(findUnstorableText({ outer: { ['k\ud800']: 'v' } })).toEqual({ field: 'outer.k\ufffd', problem: 'notWellFormed' });
    expect(findUnstorableText('\u0000')).toEqual({ field: '_', problem: 'controlCharacter' });
    expect(findUnstorableText({ reason: 'Olvidé fichar\r\n', breaks: [{ startAt: '09:00' }], n: [1, 2] })).toBeNull();
  });
});

describe('the JSON edge (readJsonBody)', () => {
  const post = (body: BodyInit) => readJsonBody(new Request('http://localhost/api/x', { method: 'POST', headers: { 'content-type': 'application/json' }, body }), 1 << 20);
  const refusal = async (body: BodyInit) => {
    const error = await post(body).then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(AppError);
    const { code, status, params, fields } = error as AppError;
    return { code, status, params, fields };
  };

  it('refuses a lone surrogate sent as a JSON escape: 422 naming the field', async () => {
    expect(await refusal('{"employee":1,"reason":"Olvid\\ud800"}')).toEqual({
      code: 'errors.textNotWellFormed',
      status: 422,
      params: { field: 'reason' },
      fields: { reason: 'validation.textNotWellFormed' },
    });
  });

  it('refuses a control character, escaped or raw in the text', async () => {
    expect(await refusal('{"reason":"a\\u001b[31mred"}')).toMatchObject({ code: 'errors.textControlCharacter', status: 422, fields: { reason: 'validation.textControlCharacter' } });
    expect(await refusal('{"rows":[{"name":"x\\u0000"}]}')).toMatchObject({ status: 422, params: { field: 'rows.0.name' } });
  });

  it('refuses bytes that are not UTF-8, naming the field that holds them', async () => {
    const bytes = new Uint8Array(Buffer.concat([Buffer.from('{"date":"2027-01-01","reason":"a'), Buffer.from([0xff, 0xfe]), Buffer.from('b"}')]));
    expect(await refusal(bytes)).toMatchObject({ code: 'errors.textNotWellFormed', status: 422, params: { field: 'reason' } });
  });

  it('keeps tabs, LF, CRLF, emoji and an escaped surrogate pair', async () => {
    expect(await post('{"reason":"a\\tb\\r\\nc\\n","emoji":"\\ud83d\\ude00 👩‍🔧"}')).toEqual({ reason: 'a\tb\r\nc\n', emoji: '😀 👩‍🔧' });
  });
});
