// 405 for a content route called with a method it does not have (`POST /api/homepage`,
// `PATCH /api/articles`), as Strapi's router answers: `Method Not Allowed` in plain text, with an
// `Allow` header listing the methods of every route matching the path, HEAD before GET. Only plain
// patterns (`/articles/:documentId`) are matched here; a path no content route matches goes on
// (404, or another router).
import type { RequestHandler } from 'express';

interface Pattern {
  method: string;
  segments: string[];
}

const PLAIN_SEGMENT = /^(:[A-Za-z_][A-Za-z0-9_]*|[A-Za-z0-9_.~-]*)$/;

export class AllowedMethods {
  private readonly patterns: Pattern[] = [];

  /** A mounted route; patterns with regular-expression syntax are left out. */
  add(method: string, path: string): void {
    const segments = path.split('/');
    if (segments.every((s) => PLAIN_SEGMENT.test(s))) this.patterns.push({ method, segments });
  }

  /** Methods of the routes matching `path`, in mounting order, HEAD before each GET. */
  of(path: string): string[] {
    const parts = path.split('/');
    const methods: string[] = [];
    for (const { method, segments } of this.patterns) {
      if (segments.length !== parts.length) continue;
      // Express matches paths case-insensitively by default; a parameter takes a non-empty segment.
      const matches = segments.every((s, i) => (s.startsWith(':') ? parts[i] !== '' : s.toLowerCase() === parts[i].toLowerCase()));
      if (!matches) continue;
      for (const m of method === 'GET' ? ['HEAD', 'GET'] : [method]) if (!methods.includes(m)) methods.push(m);
    }
    return methods;
  }

  /** The last handler of the content router. */
  handler(): RequestHandler {
    return (req, res, next) => {
      if (req.method === 'OPTIONS') return next();
      const allowed = this.of(req.path.length > 1 ? req.path.replace(/\/$/, '') : req.path);
      if (allowed.length === 0 || allowed.includes(req.method)) return next();
      res.status(405).set('Allow', allowed.join(', ')).type('text/plain').send('Method Not Allowed');
    };
  }
}
