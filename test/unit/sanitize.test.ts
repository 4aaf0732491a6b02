import { describe, expect, it } from 'vitest';
import { hasUnsafeCharacters, jsonText, pipeField, terminalBlock, terminalLine } from '../../src/output/sanitize.js';

const ESC = '\x1b';

describe('terminalLine', () => {
  it('makes OSC, CSI, C1 and DEL visible', () => {
    expect(terminalLine(`${ESC}]0;pwned\x07title`)).toBe('\\x1b]0;pwned\\x07title');
    expect(terminalLine(`${ESC}[2J${ESC}[H`)).toBe('\\x1b[2J\\x1b[H');
    expect(terminalLine('a\u009b31mb\u007fc')).toBe('a\\x9b31mb\\x7fc');
    expect(terminalLine(`${ESC}]8;;https://evil.example${ESC}\\link${ESC}]8;;${ESC}\\`)).toBe(
      '\\x1b]8;;https://evil.example\\x1b\\link\\x1b]8;;\\x1b\\',
    );
  });
  it('makes tab, newline and CR visible so one record stays one line', () => {
    expect(terminalLine('a\tb\nc\rd')).toBe('a\\tb\\nc\\rd');
  });
  it('makes bidirectional overrides, isolates and marks visible', () => {
    expect(terminalLine('invoice\u202efdp.exe')).toBe('invoice\\u202efdp.exe');
    expect(terminalLine('\u2066x\u2069\u200f')).toBe('\\u2066x\\u2069\\u200f');
  });
  it('leaves ordinary text, wide characters and emoji alone', () => {
    const text = 'Rückerstattung 返金の依頼 🎉 — "quoted" \\ back';
    expect(terminalLine(text)).toBe(text);
    expect(hasUnsafeCharacters(text)).toBe(false);
  });
});

describe('terminalBlock', () => {
  it('keeps newlines and tabs, turns CRLF and lone CR into newlines, escapes the rest', () => {
    expect(terminalBlock('one\r\ntwo\rthree\n\tfour')).toBe('one\ntwo\nthree\n\tfour');
    expect(terminalBlock(`body${ESC}[2J${ESC}[Hdraft.channel: #support`)).toBe('body\\x1b[2J\\x1b[Hdraft.channel: #support');
    expect(terminalBlock('x\u202ey\u0085z')).toBe('x\\u202ey\\x85z');
  });
});

describe('pipeField', () => {
  it('leaves no raw control byte in a field', () => {
    const out = pipeField(`t\ti\nt\rl${ESC}e\u0090\u2028`);
    expect(out).toBe('t\\ti\\nt\\rl\\x1be\\x90\\u2028');
    expect(/[\u0000-\u001f\u007f-\u009f]/.test(out)).toBe(false);
  });
  it('detects unsafe text', () => {
    expect(hasUnsafeCharacters('a\nb')).toBe(true);
    expect(hasUnsafeCharacters('plain')).toBe(false);
  });
});

describe('jsonText', () => {
  it('writes every character a terminal acts on as an escape, and parses back to the exact value', () => {
    const value = { title: `${ESC}]0;x\x07 a\u009bb\u202ec\u2028d\u007f`, n: 1, list: ['返金 🎉'] };
    const text = jsonText(value, 2);
    expect(text).not.toMatch(/[\x00-\x09\x0b-\x1f\x7f-\x9f\u2028\u202e]/);
    expect(text).toContain('\\u009b');
    expect(text).toContain('返金 🎉');
    expect(JSON.parse(text)).toEqual(value);
  });
});
