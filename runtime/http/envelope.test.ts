import { stringifyBody } from './envelope';
import { clientErrorBody } from './http-errors';
import { ApplicationError, NotFoundError } from '../errors';

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

  it('keeps client http-errors (4xx, exposed) with empty details', () => {
    const err = Object.assign(new Error('request aborted'), { status: 400, expose: true, name: 'BadRequestError' });
    expect(clientErrorBody(err)).toEqual({ data: null, error: { status: 400, name: 'BadRequestError', message: 'request aborted', details: {} } });
  });

  it('treats everything else as unexpected', () => {
    expect(clientErrorBody(new Error('x'))).toBeNull();
    expect(clientErrorBody(Object.assign(new Error('x'), { status: 500 }))).toBeNull();
    expect(clientErrorBody(Object.assign(new Error('x'), { status: 401, expose: false }))).toBeNull();
    expect(clientErrorBody('a string')).toBeNull();
    expect(clientErrorBody({ status: 400, message: 'not an Error' })).toBeNull();
  });
});
