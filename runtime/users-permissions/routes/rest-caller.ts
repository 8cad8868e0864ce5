// The operation caller of a REST request: the caller resolved by the app's authentication.
import type { Request, Response } from 'express';
import { authOf } from '@cms-gen/server/http/locals';
import { httpCaller, type Caller } from '../operations/caller';
import type { UpServices } from '../services';

export function restCaller(up: UpServices, req: Request, res: Response): Caller {
  return httpCaller(up, req, res, authOf(res));
}
