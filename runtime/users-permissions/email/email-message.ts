// A message and what sends it: the contract every email provider (dev-provider.ts,
// nodemailer-provider.ts) implements and email-provider.ts chooses among.
export interface EmailMessage {
  to: string;
  from?: string;
  replyTo?: string;
  subject: string;
  text: string;
  html: string;
}

export interface EmailProvider {
  send(message: EmailMessage): Promise<void>;
  close?(): Promise<void>;
}
