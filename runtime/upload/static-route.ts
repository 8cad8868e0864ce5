// Serves the local provider's files at `/uploads/<file>` with express.static: content type from the
// extension, ETag/Last-Modified revalidation, ranges, `Cache-Control: max-age`. No directory listing
// or index files, no dotfiles, and `send` refuses any path that would leave the directory. Files are
// user content: a sandboxing CSP keeps an uploaded HTML or SVG document from running scripts on
// this origin.
import express, { Router } from 'express';

export const UPLOADS_CSP = "default-src 'none'; img-src 'self' data:; media-src 'self'; style-src 'unsafe-inline'; sandbox";

export function uploadsRouter(directory: string, maxAgeSeconds: number): Router {
  const router = Router();
  router.use(
    '/uploads',
    (_req, res, next) => {
      res.setHeader('Content-Security-Policy', UPLOADS_CSP);
      next();
    },
    express.static(directory, {
      index: false,
      redirect: false,
      dotfiles: 'ignore',
      maxAge: maxAgeSeconds * 1000,
      // Unknown files fall through to the app's JSON 404.
      fallthrough: true,
    }),
  );
  return router;
}
