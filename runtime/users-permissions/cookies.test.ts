import type { Request } from 'express';
import { appendSetCookie, readCookie, serializeCookie } from './cookies';

const req = (cookie?: string) => ({ headers: { cookie } }) as unknown as Request;

describe('cookies', () => {
  it('reads one cookie among several', () => {
    expect(readCookie(req('a=1; strapi_up_refresh=abc.def; b=2'), 'strapi_up_refresh')).toBe('abc.def');
    expect(readCookie(req('a=1'), 'strapi_up_refresh')).toBeUndefined();
    expect(readCookie(req(undefined), 'x')).toBeUndefined();
    expect(readCookie(req('x=%E0%A4%A'), 'x')).toBeUndefined();
  });

  it('writes HttpOnly/SameSite/Secure attributes', () => {
    expect(serializeCookie('n', 'v', { httpOnly: true, sameSite: 'lax', path: '/', maxAge: 60 })).toMatch(/^n=v; Max-Age=60; Expires=[^;]+; Path=\/; SameSite=Lax; HttpOnly$/);
    expect(serializeCookie('n', 'v', { secure: true, sameSite: 'strict' })).toBe('n=v; Path=/; SameSite=Strict; Secure');
    expect(serializeCookie('n', 'v', { sameSite: 'none' })).toContain('Secure');
  });

  it('appends Set-Cookie headers', () => {
    const headers = new Map<string, unknown>();
    const res = { getHeader: (n: string) => headers.get(n), setHeader: (n: string, v: string[]) => headers.set(n, v) };
    appendSetCookie(res, 'a=1');
    appendSetCookie(res, 'b=2');
    expect(headers.get('Set-Cookie')).toEqual(['a=1', 'b=2']);
  });
});
