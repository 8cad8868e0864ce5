// The email and upload providers cms-gen has, under the names a Strapi config file gives them
// (the provider's short name, or its package `@strapi/provider-<kind>-<name>`). Imports nothing, so
// the generator can load it from a checkout too: a first build uses it to tell which of a Strapi
// project's config files an app would accept (generator/strapi-config.ts).

/** The email provider `value` names, as the runtime knows it (`smtp` is nodemailer), or undefined. */
export function emailProviderOf(value: unknown): 'dev' | 'nodemailer' | 'sendmail' | 'sendgrid' | 'mailgun' | undefined {
  const name = typeof value === 'string' ? value.replace(/^@strapi\/provider-email-/, '') : value;
  if (name === 'smtp') return 'nodemailer';
  return name === 'dev' || name === 'nodemailer' || name === 'sendmail' || name === 'sendgrid' || name === 'mailgun' ? name : undefined;
}

export const EMAIL_PROVIDERS_TEXT = '"dev", "nodemailer" (alias "smtp"), "sendmail", "sendgrid", "mailgun"';

/** The upload provider `value` names, or undefined. */
export function uploadProviderOf(value: unknown): 'local' | 'aws-s3' | 'cloudinary' | undefined {
  const name = typeof value === 'string' ? value.replace(/^@strapi\/provider-upload-/, '') : value;
  return name === 'local' || name === 'aws-s3' || name === 'cloudinary' ? name : undefined;
}

export const UPLOAD_PROVIDERS_TEXT = '"local", "aws-s3" or "cloudinary"';
