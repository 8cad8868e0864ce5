// Email through the HTTP APIs of SendGrid and Mailgun, with the providerOptions of Strapi's
// `@strapi/provider-email-sendgrid` (`apiKey`) and `@strapi/provider-email-mailgun` (`key`,
// `domain`, `url`), so a Strapi project's config/plugins comes over unchanged. Plain fetch: each
// is one POST, and neither vendor SDK is needed for it.
import type { EmailMessage, EmailProvider } from './email-message';

type Defaults = { from?: string; replyTo?: string };

const text = (value: unknown): string | undefined => (typeof value === 'string' && value !== '' ? value : undefined);

/** A refusal from the service, with the start of its answer (which names the problem). */
async function failure(service: string, res: Response): Promise<Error> {
  const body = (await res.text().catch(() => '')).slice(0, 300);
  return new Error(`${service} refused the email: ${res.status} ${res.statusText}${body ? `: ${body}` : ''}`);
}

function required(service: string, options: Record<string, unknown>, key: string): string {
  const value = text(options[key]);
  if (!value) throw new Error(`${service}: providerOptions.${key} is not set`);
  return value;
}

/** SendGrid's v3 mail/send API; `baseUrl` reaches a regional endpoint (https://api.eu.sendgrid.com). */
export class SendgridProvider implements EmailProvider {
  private readonly url: string;

  constructor(
    private readonly options: Record<string, unknown>,
    private readonly defaults: Defaults,
  ) {
    this.url = `${(text(options.baseUrl) ?? 'https://api.sendgrid.com').replace(/\/+$/, '')}/v3/mail/send`;
  }

  async send(message: EmailMessage): Promise<void> {
    // Checked when sending, as Strapi's provider does: an app without the key still starts.
    const apiKey = required('SendGrid', this.options, 'apiKey');
    const from = message.from ?? this.defaults.from;
    const replyTo = message.replyTo ?? this.defaults.replyTo;
    const res = await fetch(this.url, {
      method: 'POST',
      headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        personalizations: [{ to: [{ email: message.to }] }],
        ...(from ? { from: { email: from } } : {}),
        ...(replyTo ? { reply_to: { email: replyTo } } : {}),
        subject: message.subject,
        content: [
          { type: 'text/plain', value: message.text },
          { type: 'text/html', value: message.html },
        ],
      }),
    });
    if (!res.ok) throw await failure('SendGrid', res);
  }
}

/** Mailgun's messages API; `url` is its region's base (https://api.eu.mailgun.net), as in Strapi's provider. */
export class MailgunProvider implements EmailProvider {
  constructor(
    private readonly options: Record<string, unknown>,
    private readonly defaults: Defaults,
  ) {}

  async send(message: EmailMessage): Promise<void> {
    const key = required('Mailgun', this.options, 'key');
    const domain = required('Mailgun', this.options, 'domain');
    const base = (text(this.options.url) ?? 'https://api.mailgun.net').replace(/\/+$/, '');
    const form = new URLSearchParams({ to: message.to, subject: message.subject, text: message.text, html: message.html });
    const from = message.from ?? this.defaults.from;
    const replyTo = message.replyTo ?? this.defaults.replyTo;
    if (from) form.set('from', from);
    if (replyTo) form.set('h:Reply-To', replyTo);
    const res = await fetch(`${base}/v3/${encodeURIComponent(domain)}/messages`, {
      method: 'POST',
      headers: { authorization: `Basic ${Buffer.from(`api:${key}`).toString('base64')}`, 'content-type': 'application/x-www-form-urlencoded' },
      body: form,
    });
    if (!res.ok) throw await failure('Mailgun', res);
  }
}
