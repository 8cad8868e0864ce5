import { DevEmailProvider } from './dev-provider';
import { EmailTemplates } from './templates';
import { AuthMailer } from './auth-mailer';

const USER = { id: 1, documentId: 'd', username: '<b>bob</b>', email: 'bob@example.com' };

describe('EmailTemplates', () => {
  it('renders the defaults with a link that survives as text, escaping only the HTML', () => {
    const templates = new EmailTemplates({ resetPassword: {}, emailConfirmation: {} });
    const mail = templates.render('emailConfirmation', { USER, URL: 'http://x/api/auth/email-confirmation', SERVER_URL: 'http://x', CODE: 'abc.123' });
    expect(mail.subject).toBe('Account confirmation');
    expect(mail.text).toContain('http://x/api/auth/email-confirmation?confirmation=abc.123');
    expect(mail.html).toContain('http://x/api/auth/email-confirmation?confirmation=abc.123');
  });

  it('takes overrides from config, HTML-escaping user data', () => {
    const templates = new EmailTemplates({ resetPassword: { subject: 'Reset for {{USER.username}}', html: '<p>Hi {{USER.username}}: {{URL}}?code={{TOKEN}}</p>' }, emailConfirmation: {} });
    const mail = templates.render('resetPassword', { USER, URL: 'https://front/reset?lang=en', SERVER_URL: 'http://x', TOKEN: 't' });
    expect(mail.subject).toBe('Reset for <b>bob</b>');
    // Values are escaped in HTML (the entity still reads as `=` in a mail client), never in text.
    expect(mail.html).toBe('<p>Hi &lt;b&gt;bob&lt;/b&gt;: https://front/reset?lang&#x3D;en?code=t</p>');
    expect(mail.text).toContain('https://front/reset?lang=en?code=t');
  });

  it('reports a template syntax error at construction', () => {
    expect(() => new EmailTemplates({ resetPassword: { html: '{{#if}}' }, emailConfirmation: {} })).toThrow(/email template resetPassword/);
  });
});

describe('dev provider through the mailer', () => {
  it('sends nothing, logs the message (with its body outside production) and keeps it', async () => {
    const lines: string[] = [];
    const provider = new DevEmailProvider({ log: (l) => lines.push(l), logBodies: true, defaults: { from: 'cms@example.com' } });
    await new AuthMailer(provider, new EmailTemplates({ resetPassword: {}, emailConfirmation: {} })).send('resetPassword', 'bob@example.com', { USER, URL: 'https://front/reset', SERVER_URL: '', TOKEN: 'tok' });
    expect(provider.sent[0]).toMatchObject({ to: 'bob@example.com', from: 'cms@example.com', subject: 'Reset password' });
    expect(lines[0]).toContain('https://front/reset?code=tok');
    const quiet: string[] = [];
    await new DevEmailProvider({ log: (l) => quiet.push(l), logBodies: false, defaults: {} }).send({ to: 'a@b.c', subject: 's', text: 'secret link', html: '' });
    expect(quiet[0]).not.toContain('secret link');
  });
});
