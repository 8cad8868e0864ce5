// Document nesting, checked before graphql-js's recursive parser sees the text.
import { parse } from 'graphql';
import { documentNestingError, MAX_DOCUMENT_NESTING } from './document-guard';

describe('documentNestingError', () => {
  it('refuses 10,000 nested braces with a syntax error naming the limit and the place', () => {
    const text = `{ articles ${'{ title '.repeat(10_000)}${'}'.repeat(10_001)}`;
    expect(() => parse(text)).toThrow(/Maximum call stack size exceeded/);
    const error = documentNestingError(text);
    expect(error?.message).toBe(`Syntax Error: Document is nested too deeply: at most ${MAX_DOCUMENT_NESTING} levels of braces, brackets and parentheses are allowed.`);
    expect(error?.extensions).toEqual({ code: 'GRAPHQL_PARSE_FAILED', http: { status: 400 } });
    expect(error?.locations).toEqual([{ line: 1, column: 12 + 8 * (MAX_DOCUMENT_NESTING - 1) }]);
  });

  it('counts lists and objects in argument values as well', () => {
    const value = `${'['.repeat(200)}1${']'.repeat(200)}`;
    expect(documentNestingError(`{ a(x: ${value}) }`)).toBeDefined();
    expect(documentNestingError(`{ a(x: ${'{ not: '.repeat(200)}1${' }'.repeat(200)}) }`)).toBeDefined();
  });

  it('accepts nesting up to the limit, and braces inside strings and comments', () => {
    const deep = `${'{ a '.repeat(MAX_DOCUMENT_NESTING)}${'}'.repeat(MAX_DOCUMENT_NESTING)}`;
    expect(documentNestingError(deep)).toBeUndefined();
    expect(documentNestingError(`{ a${'{ a'.repeat(MAX_DOCUMENT_NESTING)}${'}'.repeat(MAX_DOCUMENT_NESTING + 1)}`)).toBeDefined();
    const quoted = `{ a(s: "${'{'.repeat(500)}", b: """${'['.repeat(500)}""") # ${'('.repeat(500)}\n }`;
    expect(documentNestingError(quoted)).toBeUndefined();
  });

  it('leaves text the lexer refuses to the parser', () => {
    expect(documentNestingError(`{ "unterminated ${'{'.repeat(500)}`)).toBeUndefined();
  });
});
