// The reset-password and email-confirmation emails, as handlebars templates (Strapi's default
// wording; Strapi uses lodash `<%= %>` placeholders, here `{{ }}`). Config overrides any part
// (`plugins['users-permissions'].emailTemplates`). HTML is rendered with escaping (a username
// cannot inject markup), subject and text without (they are not HTML, and `&#x3D;` in a link
// would break it).
//
// Handlebars (its compiler, about 30 modules and 650 KB of source) loads when a template is first
// compiled: at startup when config overrides a template (a syntax error there stops the start), with
// the first email otherwise. The defaults below are known to compile, and most processes send none.
import type { EmailTemplate } from '@cms-gen/server/config/types';

export type TemplateName = 'resetPassword' | 'emailConfirmation';

export const DEFAULT_TEMPLATES: Record<TemplateName, EmailTemplate> = {
  resetPassword: {
    subject: 'Reset password',
    text: 'We heard that you lost your password. Sorry about that!\n\nBut don’t worry! You can use the following link to reset your password:\n\n{{URL}}?code={{TOKEN}}\n\nThanks.\n',
    html: '<p>We heard that you lost your password. Sorry about that!</p><p>But don’t worry! You can use the following link to reset your password:</p><p>{{URL}}?code={{TOKEN}}</p><p>Thanks.</p>',
  },
  emailConfirmation: {
    subject: 'Account confirmation',
    text: 'Thank you for registering!\n\nYou have to confirm your email address. Please click on the link below.\n\n{{URL}}?confirmation={{CODE}}\n\nThanks.\n',
    html: '<p>Thank you for registering!</p><p>You have to confirm your email address. Please click on the link below.</p><p>{{URL}}?confirmation={{CODE}}</p><p>Thanks.</p>',
  },
};

export interface TemplateData {
  USER: { id: number; documentId: string; username: string; email: string };
  URL: string;
  SERVER_URL: string;
  TOKEN?: string;
  CODE?: string;
}

type Compiled = { subject: HandlebarsTemplateDelegate; text: HandlebarsTemplateDelegate; html: HandlebarsTemplateDelegate };
type Overrides = Record<TemplateName, Partial<EmailTemplate>>;

function compileAll(overrides: Overrides): Record<TemplateName, Compiled> {
  const Handlebars = require('handlebars') as typeof import('handlebars');
  const compile = (name: TemplateName): Compiled => {
    const source = { ...DEFAULT_TEMPLATES[name], ...overrides[name] };
    const plain = (text: string) => Handlebars.compile(text, { noEscape: true, strict: false });
    try {
      const compiled = { subject: plain(source.subject), text: plain(source.text), html: Handlebars.compile(source.html, { strict: false }) };
      // Handlebars compiles lazily: render once so that syntax errors surface now.
      const sample: TemplateData = { USER: { id: 1, documentId: 'x', username: 'x', email: 'x@example.com' }, URL: '', SERVER_URL: '', TOKEN: 'x', CODE: 'x' };
      compiled.subject(sample);
      compiled.text(sample);
      compiled.html(sample);
      return compiled;
    } catch (err) {
      throw new Error(`users-permissions email template ${name}: ${(err as Error).message}`);
    }
  };
  return { resetPassword: compile('resetPassword'), emailConfirmation: compile('emailConfirmation') };
}

export class EmailTemplates {
  private compiled: Record<TemplateName, Compiled> | undefined;

  /** Compiles overridden templates now, so that a syntax error stops startup instead of the first email. */
  constructor(private readonly overrides: Overrides) {
    if (Object.values(overrides).some((override) => Object.keys(override).length > 0)) this.compiled = compileAll(overrides);
  }

  render(name: TemplateName, data: TemplateData): { subject: string; text: string; html: string } {
    const t = (this.compiled ??= compileAll(this.overrides))[name];
    return { subject: t.subject(data).trim(), text: t.text(data), html: t.html(data) };
  }
}
