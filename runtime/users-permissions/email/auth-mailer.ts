// Renders and sends the plugin's two emails through the configured provider.
import type { EmailProvider } from './email-provider';
import type { EmailTemplates, TemplateData, TemplateName } from './templates';

export class AuthMailer {
  constructor(
    private readonly provider: EmailProvider,
    private readonly templates: EmailTemplates,
  ) {}

  async send(template: TemplateName, to: string, data: TemplateData): Promise<void> {
    await this.provider.send({ to, ...this.templates.render(template, data) });
  }

  async close(): Promise<void> {
    await this.provider.close?.();
  }
}
