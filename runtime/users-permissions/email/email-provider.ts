// The email provider abstraction (Strapi's `plugins.email.config.provider`). `nodemailer` sends
// through SMTP, `sendmail` through the local sendmail binary (both via nodemailer), `sendgrid` and
// `mailgun` through those services' HTTP APIs; `dev` sends nothing and logs the message instead,
// for development without a mail server.
import type { EmailConfig } from '@cms-gen/server/config/types';
import { DevEmailProvider } from './dev-provider';
import { MailgunProvider, SendgridProvider } from './http-providers';
import { loadOptional } from '@cms-gen/server/app/optional-package';
import type { EmailProvider } from './email-message';

export type { EmailMessage, EmailProvider } from './email-message';
// nodemailer is loaded only by apps that send mail through it.
type NodemailerModule = typeof import('./nodemailer-provider');
const nodemailerProvider = (): NodemailerModule['NodemailerProvider'] =>
  loadOptional('nodemailer', 'Sending email through nodemailer', () => require('./nodemailer-provider') as NodemailerModule).NodemailerProvider;

export interface EmailProviderEnv {
  environment: string;
  log(line: string): void;
}

export function createEmailProvider(config: EmailConfig, env: EmailProviderEnv): EmailProvider {
  const defaults = { from: config.settings.defaultFrom, replyTo: config.settings.defaultReplyTo };
  switch (config.provider) {
    case 'nodemailer':
      return new (nodemailerProvider())({ ...config.providerOptions }, defaults);
    case 'sendmail':
      return new (nodemailerProvider())({ sendmail: true, ...config.providerOptions }, defaults);
    case 'sendgrid':
      return new SendgridProvider(config.providerOptions, defaults);
    case 'mailgun':
      return new MailgunProvider(config.providerOptions, defaults);
    case 'dev': {
      const outputDir = config.providerOptions.outputDir;
      return new DevEmailProvider({
        log: env.log,
        // Reset and confirmation links are credentials: a production log must not hold them.
        logBodies: env.environment !== 'production',
        outputDir: typeof outputDir === 'string' ? outputDir : undefined,
        defaults,
      });
    }
  }
}
