/*
 * Jornada — verifier of the open record export (format "jornada-record", version 1).
 * One file, no dependencies, for anyone who holds an export (docs/record-format/README.md):
 *
 *   node verify-record.js export.json      exit 0 "intact", 1 naming each differing entry, 2 usage
 *
 * and the same code in the offline page verify.html (a <script> of this file from the same
 * folder). It recomputes every hash the export holds:
 *   - each item's itemHash = SHA-256(canonical JSON of the item without itemHash);
 *   - the seal = SHA-256(canonical JSON of the export with every item replaced by its itemHash);
 *   - each record-chain entry's hash = SHA-256(prevHash + payload), each prevHash the hash of the
 *     entry before (64 zeros for a company's first), seq 1, 2, 3… per company (decision 033);
 * then compares each punch, break, revision, voiding and day with the payload of its chain entry,
 * and looks for chained punches, breaks and revisions of the exported days that the export leaves
 * out. Canonical JSON: object keys sorted at every level, no spaces, strings as JSON.stringify
 * writes them (a lone surrogate as U+FFFD). SHA-256 through WebCrypto (Node 20+ and browsers),
 * else a small implementation below (a browser on a plain-http address has no crypto.subtle).
 */
(function () {
  'use strict';

  var FORMAT = 'jornada-record';
  var VERSIONS = [1];
  var GENESIS = '0000000000000000000000000000000000000000000000000000000000000000';

  /** Which chain entry stands for an item of a section, and which of its fields the entry's payload holds. */
  var CROSS = {
    punches: { kind: 'punch', ref: 'id', fields: ['employeeId', 'attendanceId', 'action', 'at', 'method', 'terminal', 'createdAt', 'workMode', 'device', 'place', 'workplaceId'] },
    revisions: { kind: 'revision', ref: 'id', fields: ['attendanceId', 'employeeId', 'revision', 'timeIn', 'timeOut', 'breaks', 'workedSeconds', 'reason', 'authorId', 'createdAt'] },
    voids: { kind: 'void', ref: 'attendanceId', fields: ['employeeId', 'date', 'voidedAt', 'voidedBy', 'voidReason'] },
    breaks: { kind: 'break', ref: 'id', fields: ['attendanceId', 'startAt', 'endAt'] },
    days: { kind: 'attendance', ref: 'attendanceId', fields: ['employeeId', 'date', 'timezone', 'timeIn', 'timeOut', 'workedSeconds', 'breakSeconds', 'workMode', 'overtimeForceMajeure'] },
    pacts: { kind: 'pact', ref: 'id', fields: ['employeeId', 'signedOn', 'validFrom', 'validTo', 'sharePercent', 'collectiveAgreement', 'createdAt', 'authorId'] },
    offers: { kind: 'offer', ref: 'id', fields: ['employeeId', 'date', 'seconds', 'status', 'offeredBy', 'offeredAt', 'answeredAt'] },
    standby: { kind: 'standby', ref: 'id', fields: ['employeeId', 'kind', 'startAt', 'endAt', 'date', 'timezone', 'calledInSeconds', 'source', 'authorId', 'createdAt'] },
    interruptions: { kind: 'interruption', ref: 'id', fields: ['employeeId', 'at', 'date', 'timezone', 'channel', 'durationSeconds', 'workDone', 'source', 'authorId', 'createdAt'] },
    answers: { kind: 'answer', ref: 'id', fields: ['attendanceId', 'revision', 'employeeId', 'status', 'dueAt', 'answeredBy', 'answeredAt', 'createdAt'] },
  };
  /**
   * Free texts a chain entry commits to by digest (decision 083, from migration 0050): the payload
   * holds `digest = SHA-256(salt + text)` and the item the text and its salt. A purged person's text
   * and salt are gone (both null or empty): the digest then stands for the text.
   */
  var DIGESTS = {
    revisions: [['reason', 'reasonSalt', 'reasonDigest']],
    voids: [['voidReason', 'voidReasonSalt', 'voidReasonDigest']],
    answers: [['comment', 'commentSalt', 'commentDigest']],
  };
  /** Chained records of an exported day that the export must hold: chain kind -> section. */
  var COMPLETE = { punch: 'punches', revision: 'revisions', break: 'breaks' };
  /** Chained records of an exported worker dated in the export's scope that it must hold: chain kind -> section. */
  var COMPLETE_BY_DATE = { standby: 'standby', interruption: 'interruptions', offer: 'offers' };

  function wellFormed(s) {
    return typeof s.toWellFormed === 'function' ? s.toWellFormed() : s.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(^|[^\uD800-\uDBFF])[\uDC00-\uDFFF]/g, function (m) {
      return m.length === 2 ? m[0] + '\uFFFD' : '\uFFFD';
    });
  }

  /** JSON with object keys sorted at every level: one text for one content. */
  function canonicalJson(value) {
    if (typeof value === 'string') return JSON.stringify(wellFormed(value));
    if (value === null || value === undefined || typeof value !== 'object') return JSON.stringify(value === undefined ? null : value);
    if (Array.isArray(value)) return '[' + value.map(canonicalJson).join(',') + ']';
    var keys = Object.keys(value)
      .filter(function (k) { return value[k] !== undefined; })
      .sort(function (a, b) { return a < b ? -1 : a > b ? 1 : 0; });
    return '{' + keys.map(function (k) { return JSON.stringify(k) + ':' + canonicalJson(value[k]); }).join(',') + '}';
  }

  function toHex(bytes) {
    var out = '';
    for (var i = 0; i < bytes.length; i++) out += (bytes[i] < 16 ? '0' : '') + bytes[i].toString(16);
    return out;
  }

  /** SHA-256 (FIPS 180-4) of bytes, for when WebCrypto is not there. */
  function sha256Bytes(bytes) {
    var K = [];
    var H = [];
    var n = 2;
    var found = 0;
    var frac = function (x) { return ((x - Math.floor(x)) * 4294967296) | 0; };
    while (found < 64) {
      var prime = true;
      for (var d = 2; d * d <= n; d++) if (n % d === 0) { prime = false; break; }
      if (prime) {
        if (found < 8) H[found] = frac(Math.pow(n, 1 / 2));
        K[found++] = frac(Math.pow(n, 1 / 3));
      }
      n++;
    }
    var length = bytes.length;
    var words = new Array(((length + 9 + 63) >> 6) << 4).fill(0);
    for (var i = 0; i < length; i++) words[i >> 2] |= bytes[i] << (24 - (i % 4) * 8);
    words[length >> 2] |= 0x80 << (24 - (length % 4) * 8);
    words[words.length - 1] = length * 8;
    words[words.length - 2] = Math.floor(length / 536870912);
    var w = new Array(64);
    for (var j = 0; j < words.length; j += 16) {
      var a = H[0], b = H[1], c = H[2], e = H[4], f = H[5], g = H[6], h = H[7], dd = H[3];
      for (var t = 0; t < 64; t++) {
        if (t < 16) w[t] = words[j + t] | 0;
        else {
          var x = w[t - 15], y = w[t - 2];
          w[t] = (((x >>> 7) | (x << 25)) ^ ((x >>> 18) | (x << 14)) ^ (x >>> 3)) + (((y >>> 17) | (y << 15)) ^ ((y >>> 19) | (y << 13)) ^ (y >>> 10)) + w[t - 7] + w[t - 16] | 0;
        }
        var t1 = (h + (((e >>> 6) | (e << 26)) ^ ((e >>> 11) | (e << 21)) ^ ((e >>> 25) | (e << 7))) + ((e & f) ^ (~e & g)) + K[t] + w[t]) | 0;
        var t2 = ((((a >>> 2) | (a << 30)) ^ ((a >>> 13) | (a << 19)) ^ ((a >>> 22) | (a << 10))) + ((a & b) ^ (a & c) ^ (b & c))) | 0;
        h = g; g = f; f = e; e = (dd + t1) | 0; dd = c; c = b; b = a; a = (t1 + t2) | 0;
      }
      H[0] = (H[0] + a) | 0; H[1] = (H[1] + b) | 0; H[2] = (H[2] + c) | 0; H[3] = (H[3] + dd) | 0;
      H[4] = (H[4] + e) | 0; H[5] = (H[5] + f) | 0; H[6] = (H[6] + g) | 0; H[7] = (H[7] + h) | 0;
    }
    var out = new Uint8Array(32);
    for (var k = 0; k < 8; k++) for (var m = 0; m < 4; m++) out[k * 4 + m] = (H[k] >>> (24 - m * 8)) & 255;
    return out;
  }

  /** SHA-256 of a text (UTF-8) as 64 lowercase hex digits. */
  async function sha256Hex(text) {
    var bytes = new TextEncoder().encode(text);
    var subtle = globalThis.crypto && globalThis.crypto.subtle;
    if (subtle) return toHex(new Uint8Array(await subtle.digest('SHA-256', bytes)));
    return toHex(sha256Bytes(bytes));
  }

  function withoutHash(item) {
    var copy = {};
    for (var k in item) if (Object.prototype.hasOwnProperty.call(item, k) && k !== 'itemHash') copy[k] = item[k];
    return copy;
  }

  /** The canonical text the seal is the SHA-256 of: the export with each item replaced by its itemHash. */
  function sealedText(doc) {
    var copy = {};
    for (var k in doc) if (Object.prototype.hasOwnProperty.call(doc, k) && k !== 'seal' && k !== 'sections') copy[k] = doc[k];
    var sections = {};
    for (var name in doc.sections) {
      sections[name] = (doc.sections[name] || []).map(function (item) { return item && item.itemHash; });
    }
    copy.sections = sections;
    copy.heads = doc.seal && doc.seal.heads;
    return canonicalJson(copy);
  }

  /** Where an item is, in words a reader finds it by. */
  function label(section, item, index) {
    var it = item || {};
    switch (section) {
      case 'chain': return 'chain: company ' + it.companyId + ', entry #' + it.seq + ' (' + it.kind + ' ' + it.refId + ')';
      case 'companies': return 'companies: company ' + it.id;
      case 'workers': return 'workers: worker ' + it.id;
      case 'days': return 'days: worker ' + it.employeeId + ', ' + it.date;
      case 'punches': return 'punches: punch ' + it.id;
      case 'breaks': return 'breaks: break ' + it.id;
      case 'revisions': return 'revisions: revision ' + it.revision + ' of attendance ' + it.attendanceId + ' (id ' + it.id + ')';
      case 'requests': return 'requests: request ' + it.id;
      case 'answers': return 'answers: answer ' + it.id + ' (attendance ' + it.attendanceId + ', revision ' + it.revision + ')';
      case 'voids': return 'voids: voided attendance ' + it.attendanceId;
      case 'pacts': return 'pacts: pact ' + it.id + ' (worker ' + it.employeeId + ')';
      case 'offers': return 'offers: offer ' + it.id + ' (worker ' + it.employeeId + ', ' + it.date + ')';
      case 'standby': return 'standby: period ' + it.id + ' (worker ' + it.employeeId + ', ' + it.date + ')';
      case 'interruptions': return 'interruptions: interruption ' + it.id + ' (worker ' + it.employeeId + ', ' + it.date + ')';
      default: return section + ': item ' + (index + 1);
    }
  }

  /**
   * Verifies an export (the parsed JSON). Returns {ok, entries, items, seal, problems: [{where, what}]}:
   * `entries` the chain entries, `items` every item of every section, `seal` the recomputed seal.
   */
  async function verifyExport(doc, sha256) {
    var hash = sha256 || sha256Hex;
    var problems = [];
    var add = function (where, what) { problems.push({ where: where, what: what }); };
    if (!doc || typeof doc !== 'object' || doc.format !== FORMAT) {
      add('export', 'not a Jornada record export (format "' + FORMAT + '")');
      return { ok: false, entries: 0, items: 0, seal: null, problems: problems };
    }
    if (VERSIONS.indexOf(doc.version) < 0) {
      add('export', 'version ' + doc.version + ' is not one this verifier knows (' + VERSIONS.join(', ') + ')');
      return { ok: false, entries: 0, items: 0, seal: null, problems: problems };
    }
    var sections = doc.sections && typeof doc.sections === 'object' ? doc.sections : {};
    var items = 0;
    // 1. Every item against its own hash: this names a changed name, time or hash in any item.
    for (var name in sections) {
      var list = Array.isArray(sections[name]) ? sections[name] : [];
      for (var i = 0; i < list.length; i++) {
        items++;
        if ((await hash(canonicalJson(withoutHash(list[i])))) !== list[i].itemHash) add(label(name, list[i], i), 'its content does not match its itemHash');
      }
    }
    // 2. The seal over every itemHash and the chain heads: an item added, removed or re-hashed.
    var seal = await hash(sealedText(doc));
    if (!doc.seal || doc.seal.value !== seal) add('seal', 'the seal does not match the items (an item was added, removed, moved or its itemHash changed)');
    // 3. Each company's chain: seq, link, hash.
    var chain = Array.isArray(sections.chain) ? sections.chain : [];
    var lastOf = {};
    var latest = {};
    var heads = [];
    for (var c = 0; c < chain.length; c++) {
      var e = chain[c] || {};
      var where = label('chain', e, c);
      var before = lastOf[e.companyId];
      if (e.seq !== (before ? before.seq + 1 : 1)) add(where, 'its seq is not the next number (an entry is missing or out of order)');
      else if (e.prevHash !== (before ? before.hash : GENESIS)) add(where, 'its prevHash is not the hash of the entry before');
      if ((await hash(String(e.prevHash) + String(e.payload))) !== e.hash) add(where, 'its hash is not SHA-256(prevHash + payload)');
      lastOf[e.companyId] = e;
      var key = e.kind + ':' + e.refId;
      var had = latest[key];
      if (!had || had.createdAt <= e.createdAt) latest[key] = e;
    }
    for (var company in lastOf) heads.push({ companyId: lastOf[company].companyId, seq: lastOf[company].seq, hash: lastOf[company].hash });
    var sealHeads = (doc.seal && doc.seal.heads) || [];
    if (canonicalJson(sealHeads) !== canonicalJson(heads)) add('seal', 'the chain heads it names are not the last entries of the chain');
    // 4. Each punch, break, revision, voiding, day, time apart and answer against the payload of its chain entry.
    var payloadOf = function (entry) {
      try { return JSON.parse(entry.payload); } catch (err) { return undefined; }
    };
    for (var section in CROSS) {
      var rule = CROSS[section];
      var rows = Array.isArray(sections[section]) ? sections[section] : [];
      for (var r = 0; r < rows.length; r++) {
        var row = rows[r] || {};
        var ref = row[rule.ref];
        if (ref === null || ref === undefined) continue;
        var entry = latest[rule.kind + ':' + ref];
        var at = label(section, row, r);
        if (!entry) { add(at, 'no ' + rule.kind + ' entry of the chain stands for it'); continue; }
        var payload = payloadOf(entry);
        if (payload === null || typeof payload !== 'object') { add(at, 'its chain entry #' + entry.seq + ' records no such ' + rule.kind); continue; }
        var differ = rule.fields.filter(function (f) {
          return Object.prototype.hasOwnProperty.call(payload, f) && canonicalJson(row[f]) !== canonicalJson(payload[f]);
        });
        var texts = DIGESTS[section] || [];
        for (var t = 0; t < texts.length; t++) {
          var text = row[texts[t][0]];
          var salt = row[texts[t][1]];
          var digest = payload[texts[t][2]];
          // No digest and no plain text in the entry: the item's text was added after it (an answer given without a comment).
          if (digest === undefined) {
            if (!Object.prototype.hasOwnProperty.call(payload, texts[t][0]) && text != null && text !== '') differ.push(texts[t][0]);
            continue;
          }
          if (salt == null && (text == null || text === '')) continue;
          if (salt == null || text == null || (await hash(String(salt) + wellFormed(String(text)))) !== digest) differ.push(texts[t][0]);
        }
        if (differ.length) add(at, 'differs from its chain entry (company ' + entry.companyId + ', #' + entry.seq + '): ' + differ.join(', '));
      }
    }
    // 5. Chained punches, breaks and revisions of the exported days that the export leaves out.
    var days = {};
    (sections.days || []).concat(sections.voids || []).forEach(function (d) { if (d && d.attendanceId != null) days[d.attendanceId] = true; });
    var held = {};
    for (var kind in COMPLETE) (sections[COMPLETE[kind]] || []).forEach(function (x) { if (x) held[kind + ':' + x.id] = true; });
    for (var lk in latest) {
      var le = latest[lk];
      if (!COMPLETE[le.kind] || held[lk]) continue;
      var p = payloadOf(le);
      if (p && typeof p === 'object' && days[p.attendanceId]) add(label('chain', le, 0), 'records a ' + le.kind + ' of an exported day that the export leaves out');
    }
    var workers = {};
    (sections.workers || []).forEach(function (w) { if (w && w.id != null) workers[w.id] = true; });
    var scope = doc.scope || {};
    for (var dk in COMPLETE_BY_DATE) (sections[COMPLETE_BY_DATE[dk]] || []).forEach(function (x) { if (x) held[dk + ':' + x.id] = true; });
    for (var lk2 in latest) {
      var de = latest[lk2];
      if (!COMPLETE_BY_DATE[de.kind] || held[lk2]) continue;
      var dp = payloadOf(de);
      if (dp && typeof dp === 'object' && workers[dp.employeeId] && dp.date >= scope.from && dp.date <= scope.to) add(label('chain', de, 0), 'records a ' + de.kind + ' of an exported worker in the month that the export leaves out');
    }
    return { ok: problems.length === 0, entries: chain.length, items: items, seal: seal, problems: problems };
  }

  var api = { FORMAT: FORMAT, VERSIONS: VERSIONS, canonicalJson: canonicalJson, sha256Hex: sha256Hex, verifyExport: verifyExport, sealedText: sealedText,
    /** The implementation used without WebCrypto (exported for its test). */
    sha256Fallback: function (text) { return toHex(sha256Bytes(new TextEncoder().encode(text))); } };
  globalThis.JornadaRecordVerifier = api;

  // ---- The offline page (verify.html): pick a file, see the verdict. ----
  var TEXTS = {
    es: {
      title: 'Verificar una exportación del registro de jornada',
      intro: 'Elige el archivo JSON exportado por Jornada. Se comprueba en este navegador: el archivo no se envía a ningún sitio.',
      pick: 'Archivo de la exportación (.json)',
      intact: 'Intacta: {entries} entradas de la cadena y {items} elementos comprobados.',
      altered: 'Alterada: {n} problemas.',
      alteredOne: 'Alterada: 1 problema.',
      notJson: 'El archivo no es JSON: {message}',
      seal: 'Sello: {seal}',
      offline: 'Para usarlo sin conexión, guarda esta página y verify-record.js en una misma carpeta; con Node: node verify-record.js exportacion.json',
      download: 'Descargar verify-record.js',
    },
    en: {
      title: 'Verify a working-time record export',
      intro: 'Choose the JSON file Jornada exported. It is checked in this browser: the file is not sent anywhere.',
      pick: 'Export file (.json)',
      intact: 'Intact: {entries} chain entries and {items} items checked.',
      altered: 'Altered: {n} problems.',
      alteredOne: 'Altered: 1 problem.',
      notJson: 'The file is not JSON: {message}',
      seal: 'Seal: {seal}',
      offline: 'To use it offline, save this page and verify-record.js in one folder; with Node: node verify-record.js export.json',
      download: 'Download verify-record.js',
    },
  };
  function fill(text, values) {
    return text.replace(/\{(\w+)\}/g, function (_, k) { return String(values[k]); });
  }

  function startPage() {
    var asked = new URLSearchParams(location.search).get('lang') || (navigator.language || 'es').slice(0, 2);
    var lang = TEXTS[asked] ? asked : 'es';
    var t = TEXTS[lang];
    document.documentElement.lang = lang;
    document.title = t.title;
    document.querySelectorAll('[data-text]').forEach(function (el) { el.textContent = t[el.getAttribute('data-text')]; });
    var input = document.getElementById('export-file');
    var verdict = document.getElementById('verdict');
    var details = document.getElementById('problems');
    var sealLine = document.getElementById('seal');
    input.addEventListener('change', async function () {
      var file = input.files && input.files[0];
      if (!file) return;
      details.textContent = '';
      sealLine.textContent = '';
      verdict.className = '';
      var doc;
      try { doc = JSON.parse(await file.text()); } catch (err) {
        verdict.textContent = fill(t.notJson, { message: err.message });
        verdict.className = 'bad';
        return;
      }
      var result = await verifyExport(doc);
      verdict.textContent = result.ok ? fill(t.intact, result) : fill(result.problems.length === 1 ? t.alteredOne : t.altered, { n: result.problems.length });
      verdict.className = result.ok ? 'good' : 'bad';
      if (result.seal) sealLine.textContent = fill(t.seal, result);
      result.problems.forEach(function (p) {
        var li = document.createElement('li');
        li.textContent = p.where + ': ' + p.what;
        details.appendChild(li);
      });
    });
  }

  // ---- The command line: node verify-record.js export.json ----
  async function main(argv) {
    var file = argv[2];
    if (!file) {
      console.error('Usage: node verify-record.js export.json');
      return 2;
    }
    var fs = await import('node:fs/promises');
    var doc;
    try {
      doc = JSON.parse(await fs.readFile(file, 'utf8'));
    } catch (err) {
      console.error('Cannot read ' + file + ' as JSON: ' + err.message);
      return 1;
    }
    var result = await verifyExport(doc);
    if (result.ok) {
      console.log('Record export intact: ' + result.entries + ' entries, ' + result.items + ' items checked. Seal ' + result.seal + '.');
      return 0;
    }
    console.log('Record export altered: ' + result.problems.length + ' problem' + (result.problems.length === 1 ? '' : 's') + '.');
    result.problems.forEach(function (p) { console.log('  ' + p.where + ': ' + p.what + '.'); });
    return 1;
  }

  if (typeof document !== 'undefined' && document.getElementById('export-file')) {
    if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', startPage);
    else startPage();
  } else if (typeof process !== 'undefined' && process.versions && process.versions.node && /verify-record(\.c?js)?$/.test(String(process.argv[1] || ''))) {
    main(process.argv).then(function (code) { process.exitCode = code; }, function (err) { console.error(err); process.exitCode = 2; });
  }
})();
