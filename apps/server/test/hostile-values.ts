/**
 * Hostile values the fuzz test (fuzz.test.ts) puts in any field, path or query: control and broken
 * characters, path tricks, impossible dates, huge numbers, injections. The same values reappear
 * across requests by design, so the test-log check does not count them as secrets (helpers.ts).
 */
export const NASTY: readonly string[] = [
  '\u0000', 'a\u0000b', 'Ravi\u0000', '\u0007', '\u001b[2J', '\r\n', 'two\nlines', '\t', '\u007f', '\u0085', '\u009b',
  '\u2028', '\u2029', '\ud800', '\udfff', 'x\ud83d', '\ufeff', '\u202eevil', '\u200d', '\uffff', 'नमस्ते', 'e\u0301',
  '👩‍👩‍👧', '../../etc/passwd', '..\\..\\win.ini', '%00', '%2e%2e%2f', '/', '.', '..', ' ', '', '0000-01-01',
  '9999-12-31', '0001-01-01', '1899-12-31', '2101-01-01', '2023-02-29', '2024-02-30', '-000001-01-01', '+275760-09-13',
  '2024-01-01T00:00:00Z', '1e309', 'NaN', '-1', '0', '99999999999999999999', "'; drop table users; --", '<img src=x onerror=alert(1)>',
  '{{7*7}}', '__proto__', 'constructor', 'null', 'true', '00000000-0000-0000-0000-000000000000',
  'zzzzzzzz-zzzz-zzzz-zzzz-zzzzzzzzzzzz', 'x'.repeat(5000), '\u0000'.repeat(300), 'अ'.repeat(400),
];
