// Folder paths inside object keys (S3's rootPath and folders, Cloudinary's folders): no SDK here, so
// a provider that needs only this does not load another provider's client.

/** `a/b/` → `a/b`; `..` and empty segments are dropped so a prefix can never climb. */
export function cleanPrefix(value: string | undefined): string {
  return (value ?? '')
    .split('/')
    .filter((segment) => segment !== '' && segment !== '.' && segment !== '..')
    .join('/');
}
