import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createEmailProvider } from './email-provider';
import { MailgunProvider, SendgridProvider } from './http-providers';

interface Received {
  method?: string;
  url?: string;
  headers: IncomingMessage['headers'];
  body: string;
}

/** A stand-in for the services' APIs: records each request and answers with `status`. */
let server: Server;
let base: string;
let received: Received[] = [];
let status = 202;
let answer = '';

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    req.on('end', () => {
      received.push({ method: req.method, url: req.url, headers: req.headers, body });
      res.writeHead(status, { 'content-type': 'application/json' }).end(answer);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

beforeEach(() => {
  received = [];
  status = 202;
  answer = '';
});

const message = { to: 'ada@example.com', subject: 'Reset your password', text: 'Go to https://x/reset?code=1', html: '<p>Go</p>' };

describe('SendGrid', () => {
  it("posts the message to v3/mail/send with the API key, in SendGrid's shape", async () => {
    await new SendgridProvider({ apiKey: 'SG.key', baseUrl: `${base}/` }, { from: 'cms@example.com', replyTo: 'help@example.com' }).send(message);
    expect(received).toHaveLength(1);
    const [request] = received;
    expect([request.method, request.url, request.headers.authorization, request.headers['content-type']]).toEqual(['POST', '/v3/mail/send', 'Bearer SG.key', 'application/json']);
    expect(JSON.parse(request.body)).toEqual({
      personalizations: [{ to: [{ email: 'ada@example.com' }] }],
      from: { email: 'cms@example.com' },
      reply_to: { email: 'help@example.com' },
      subject: 'Reset your password',
      content: [
        { type: 'text/plain', value: 'Go to https://x/reset?code=1' },
        { type: 'text/html', value: '<p>Go</p>' },
      ],
    });
  });

  it("fails with the service's answer when it refuses, and without a key before sending anything", async () => {
    status = 401;
    answer = '{"errors":[{"message":"The provided authorization grant is invalid"}]}';
    await expect(new SendgridProvider({ apiKey: 'bad', baseUrl: base }, {}).send(message)).rejects.toThrow('SendGrid refused the email: 401 Unauthorized: {"errors":[{"message":"The provided authorization grant is invalid"}]}');
    await expect(new SendgridProvider({ baseUrl: base }, {}).send(message)).rejects.toThrow('SendGrid: providerOptions.apiKey is not set');
    expect(received).toHaveLength(1);
  });
});

describe('Mailgun', () => {
  it("posts a form to v3/<domain>/messages with basic auth, message's from winning over the default", async () => {
    status = 200;
    await new MailgunProvider({ key: 'key-1', domain: 'mg.example.com', url: base }, { from: 'cms@example.com', replyTo: 'help@example.com' }).send({ ...message, from: 'Ada <ada@example.org>' });
    const [request] = received;
    expect([request.method, request.url, request.headers.authorization]).toEqual(['POST', '/v3/mg.example.com/messages', `Basic ${Buffer.from('api:key-1').toString('base64')}`]);
    expect(Object.fromEntries(new URLSearchParams(request.body))).toEqual({
      to: 'ada@example.com',
      from: 'Ada <ada@example.org>',
      'h:Reply-To': 'help@example.com',
      subject: 'Reset your password',
      text: 'Go to https://x/reset?code=1',
      html: '<p>Go</p>',
    });
  });

  it('needs a key and a domain', async () => {
    await expect(new MailgunProvider({ domain: 'mg.example.com', url: base }, {}).send(message)).rejects.toThrow('Mailgun: providerOptions.key is not set');
    await expect(new MailgunProvider({ key: 'k', url: base }, {}).send(message)).rejects.toThrow('Mailgun: providerOptions.domain is not set');
    status = 400;
    answer = 'from parameter is missing';
    await expect(new MailgunProvider({ key: 'k', domain: 'd', url: base }, {}).send(message)).rejects.toThrow('Mailgun refused the email: 400 Bad Request: from parameter is missing');
  });
});

it("is chosen by Strapi's provider names", () => {
  const env = { environment: 'test', log: () => undefined };
  const settings = { defaultFrom: 'cms@example.com' };
  expect(createEmailProvider({ provider: 'sendgrid', providerOptions: { apiKey: 'k' }, settings }, env)).toBeInstanceOf(SendgridProvider);
  expect(createEmailProvider({ provider: 'mailgun', providerOptions: { key: 'k', domain: 'd' }, settings }, env)).toBeInstanceOf(MailgunProvider);
});
