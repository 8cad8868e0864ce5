import { stringifyBody } from './envelope';
import { clientErrorBody } from './http-errors';
import { ApplicationError, NotFoundError } from '@cms-gen/core/errors';

describe('stringifyBody', () => {
  it('is JSON.stringify for ordinary bodies', () => {
    const body = { data: [{ id: 1, title: 'é', n: null }], meta: {} };
    expect(stringifyBody(body)).toBe(JSON.stringify(body));
  });

  it('turns BigInt values, however deep, into decimal strings', () => {
    expect(stringifyBody({ data: { a: 1n, list: [{ b: -12345678901234567890n }] } })).toBe('{"data":{"a":"1","list":[{"b":"-12345678901234567890"}]}}');
  });

  it('rethrows other serialization errors', () => {
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    expect(() => stringifyBody(cyclic)).toThrow(TypeError);
  });
});

describe('clientErrorBody', () => {
  it('keeps ApplicationErrors as they are', () => {
    expect(clientErrorBody(new NotFoundError())).toEqual({ data: null, error: { status: 404, name: 'NotFoundError', message: 'Not Found', details: {} } });
    expect(clientErrorBody(new ApplicationError('x', { a: 1 }))?.error).toEqual({ status: 400, name: 'ApplicationError', message: 'x', details: { a: 1 } });
  });

  it('keeps client http-errors (4xx, exposed) without details, as Strapi 5.54 answers them', () => {
    const err = Object.assign(new Error('request aborted'), { status: 400, expose: true, name: 'BadRequestError' });
    expect(clientErrorBody(err)).toStrictEqual({ data: null, error: { status: 400, name: 'BadRequestError', message: 'request aborted' } });
    const tooLarge = Object.assign(new Error('request entity too large'), { status: 413, expose: true, name: 'PayloadTooLargeError', type: 'entity.too.large' });
    expect(clientErrorBody(tooLarge)).toStrictEqual({ data: null, error: { status: 413, name: 'PayloadTooLargeError', message: 'request entity too large' } });
  });

  it('names a JSON body that is not an object or array in Strapi 5.54 words', () => {
    const parseError = (body: string) => Object.assign(new SyntaxError('Unexpected token'), { status: 400, expose: true, type: 'entity.parse.failed', body });
    expect(clientErrorBody(parseError('"x"'))?.error.message).toBe('invalid JSON, only supports object and array');
    expect(clientErrorBody(parseError(' null'))?.error.message).toBe('invalid JSON, only supports object and array');
    expect(clientErrorBody(parseError('{"data":'))?.error.message).toBe('Unexpected token');
    expect(clientErrorBody(parseError('\n[1,'))?.error.message).toBe('Unexpected token');
  });

  it('treats everything else as unexpected', () => {
    expect(clientErrorBody(new Error('x'))).toBeNull();
    expect(clientErrorBody(Object.assign(new Error('x'), { status: 500 }))).toBeNull();
    expect(clientErrorBody(Object.assign(new Error('x'), { status: 401, expose: false }))).toBeNull();
    expect(clientErrorBody('a string')).toBeNull();
    expect(clientErrorBody({ status: 400, message: 'not an Error' })).toBeNull();
  });
});
