import type { NextFunction, Request, RequestHandler, Response } from 'express';

/**
 * An async Express handler whose rejection reaches `next(error)`, the error handlers' path.
 * Express 4 drops the promise a handler returns: a rejection would leave the request hanging and
 * surface as an unhandled rejection, which ends the process.
 */
export function handleAsync(handler: (req: Request, res: Response, next: NextFunction) => Promise<void>): RequestHandler {
  return (req, res, next) => {
    handler(req, res, next).catch(next);
  };
}
