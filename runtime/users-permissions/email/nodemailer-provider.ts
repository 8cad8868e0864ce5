// Sends email with nodemailer: SMTP (providerOptions are its transport options: host, port,
// secure, auth, ...) or the sendmail transport.
import nodemailer, { type Transporter } from 'nodemailer';
import type { EmailMessage, EmailProvider } from './email-message';

export class NodemailerProvider implements EmailProvider {
  private readonly transport: Transporter;

  constructor(
    transportOptions: Record<string, unknown>,
    private readonly defaults: { from?: string; replyTo?: string },
  ) {
    // The options come from the app's config, checked to be an object; nodemailer validates the rest.
    this.transport = nodemailer.createTransport(transportOptions as Parameters<typeof nodemailer.createTransport>[0]);
  }

  async send(message: EmailMessage): Promise<void> {
    await this.transport.sendMail({
      to: message.to,
      from: message.from ?? this.defaults.from,
      replyTo: message.replyTo ?? this.defaults.replyTo,
      subject: message.subject,
      text: message.text,
      html: message.html,
    });
  }

  async close(): Promise<void> {
    this.transport.close();
  }
}
