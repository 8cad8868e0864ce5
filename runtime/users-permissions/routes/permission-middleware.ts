// Route-level checks shared by the plugin's routers.
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { ForbiddenError } from '@cms-gen/core/errors';
import { authOf } from '@cms-gen/server/http/locals';

/** Strapi checks a route's action for the caller's role before anything else (rate limits included) runs. */
export function allow(action: string): RequestHandler {
  return (_req: Request, res: Response, next: NextFunction) => {
    if (authOf(res).can(action)) next();
    else next(new ForbiddenError());
  };
}
