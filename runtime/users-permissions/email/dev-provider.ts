// Development email: nothing is sent. Each message is logged (bodies included outside
// production, so the reset or confirmation link can be followed) and, with `outputDir`, written
// as a JSON file. The last messages stay in `sent` for tests and tools.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { EmailMessage, EmailProvider } from './email-message';

export interface DevProviderOptions {
  log(line: string): void;
  logBodies: boolean;
  outputDir?: string;
  defaults: { from?: string; replyTo?: string };
}

const KEPT = 50;

export class DevEmailProvider implements EmailProvider {
  readonly sent: EmailMessage[] = [];
  private counter = 0;

  constructor(private readonly options: DevProviderOptions) {}

  async send(message: EmailMessage): Promise<void> {
    const full: EmailMessage = { ...message, from: message.from ?? this.options.defaults.from, replyTo: message.replyTo ?? this.options.defaults.replyTo };
    this.sent.push(full);
    if (this.sent.length > KEPT) this.sent.shift();
    this.options.log(`email (dev provider, not sent) to ${full.to}: ${full.subject}${this.options.logBodies ? `\n${full.text}` : ''}`);
    if (this.options.outputDir) {
      mkdirSync(this.options.outputDir, { recursive: true });
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${++this.counter}.json`;
      writeFileSync(join(this.options.outputDir, name), `${JSON.stringify(full, null, 2)}\n`);
    }
  }
}
