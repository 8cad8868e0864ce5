// The HTTP server of an Express app, whose request and response objects are created with the
// app's own prototypes (`app.request`, `app.response`).
//
// Why: on every request Express's `app.handle` re-parents Node's fresh req and res onto those
// prototypes (`Object.setPrototypeOf`). Changing an object's prototype after it was built gives
// it a new hidden class in V8, and Node's http code, optimized for its usual objects, then runs on
// unfamiliar shapes: measured on this machine, a minimal Express route cost about twice the CPU
// of the same route on plain `node:http`, most of it from these two calls (docs/benchmarks.md,
// "Hot spots"). Node lets a server construct its requests and responses from given classes.
// Here they are subclasses of Node's own, so V8 sizes and shapes their instances as Node's, and
// the app's `request`/`response` become those subclasses' prototypes (same methods, same chain:
// Express's request object, then IncomingMessage's). Express's `setPrototypeOf` then finds the
// prototype already in place and changes nothing; Express itself runs unchanged.
import { createServer, IncomingMessage, ServerResponse, type Server } from 'node:http';
import type { Express } from 'express';

/**
 * Returns its argument. A class expression handed to it is not one esbuild names: under tsx (`npm
 * run dev`, the demo, the bench), esbuild's keepNames turns `const Sub = class …` into a call that
 * redefines the class's `name` after it is built. On a subclass of Node's request or response that
 * one redefinition kept V8 from ever keeping Node's http parser optimized: it compiled
 * parserOnIncoming and parserOnHeadersComplete again and threw the work away ("dependency change:
 * StableMapDependency", `--trace-opt --trace-compilation-dependencies`) ten to fifty times a second
 * under load; plain node with the same class, or the class with its name left alone, compiled them
 * once. Measured under tsx on get-one: about 10% less CPU a request (docs/benchmarks.md).
 */
const unnamed = <T>(value: T): T => value;

/**
 * Makes `holder[key]` (app.request or app.response) the prototype of a subclass of `base`,
 * keeping its own properties (`app`) and its parent (Express's request or response). (`any[]`:
 * TypeScript requires it of a class that is extended.)
 */
function subclassFor<T extends new (...args: any[]) => object>(base: T, holder: { [key: string]: unknown }, key: 'request' | 'response'): T {
  const current = holder[key] as object;
  const Sub = unnamed(class extends base {});
  Object.setPrototypeOf(Sub.prototype, Object.getPrototypeOf(current));
  Object.defineProperties(Sub.prototype, Object.getOwnPropertyDescriptors(current));
  holder[key] = Sub.prototype;
  return Sub;
}

/** The response class of each server made here (what `endKeepAlive` changes). */
const responseClasses = new WeakMap<Server, typeof ServerResponse>();

export function createAppServer(app: Express): Server {
  const holder = app as unknown as { [key: string]: unknown };
  const Request = subclassFor(IncomingMessage, holder, 'request');
  const Response = subclassFor(ServerResponse, holder, 'response');
  const server = createServer({ IncomingMessage: Request as typeof IncomingMessage, ServerResponse: Response as typeof ServerResponse }, app);
  responseClasses.set(server, Response);
  return server;
}

/**
 * From now on every response of `server` whose head is not sent yet says `Connection: close`, so
 * Node closes its connection once it is sent and the client sends nothing more on it. For a stop:
 * Node's `server.close()` leaves the keep-alive of requests in flight as it was, and the client
 * would send its next request on a connection the server is about to close. Done by changing this
 * server's own response class when the stop begins, so requests before it pay nothing.
 */
export function endKeepAlive(server: Server): void {
  const Response = responseClasses.get(server);
  if (!Response) return;
  const { writeHead } = Response.prototype;
  Response.prototype.writeHead = function writeHeadClosing(this: ServerResponse, ...args: unknown[]) {
    if (!this.headersSent) this.setHeader('Connection', 'close');
    return Reflect.apply(writeHead, this, args) as ServerResponse;
  } as ServerResponse['writeHead'];
}
