import { emailProviderOf, uploadProviderOf } from './provider-names';

describe("providers by the names Strapi's config files and stored records give them", () => {
  it('reads upload providers by short and package name, and nothing else', () => {
    expect(['local', '@strapi/provider-upload-local', 'aws-s3', '@strapi/provider-upload-aws-s3', 'cloudinary', '@strapi/provider-upload-cloudinary'].map(uploadProviderOf)).toEqual(['local', 'local', 'aws-s3', 'aws-s3', 'cloudinary', 'cloudinary']);
    expect([undefined, null, '', 'AWS-S3', 's3', 42].map(uploadProviderOf)).toEqual([undefined, undefined, undefined, undefined, undefined, undefined]);
  });

  it('reads email providers the same way, smtp being nodemailer', () => {
    expect(['smtp', '@strapi/provider-email-nodemailer', 'sendmail', '@strapi/provider-email-sendgrid', 'mailgun', 'dev'].map(emailProviderOf)).toEqual(['nodemailer', 'nodemailer', 'sendmail', 'sendgrid', 'mailgun', 'dev']);
    expect(['amazon-ses', undefined, 3].map(emailProviderOf)).toEqual([undefined, undefined, undefined]);
  });
});
