// Bounds on a query document's text, checked before graphql-js parses it. graphql-js's parser is
// recursive: 10,000 nested braces overflowed the stack and the client read "Maximum call stack
// size exceeded"; every later walk of the document (validation rules, our limits, the look-ahead
// populate) recurses too. Nesting is checked here, before parsing, with a clear syntax error; the
// token count is bounded by graphql-js's own `maxTokens` parse option (server.ts sets it).
import { GraphQLError, Lexer, Source, TokenKind } from 'graphql';
import type { NextFunction, Request, Response } from 'express';

/** Braces, brackets and parentheses open at once (selections, arguments, input values). */
export const MAX_DOCUMENT_NESTING = 128;
/** Tokens in one document: graphql-js stops parsing beyond (its `maxTokens` parse option). */
export const MAX_DOCUMENT_TOKENS = 15_000;

const OPENING = new Set<string>([TokenKind.BRACE_L, TokenKind.BRACKET_L, TokenKind.PAREN_L]);
const CLOSING = new Set<string>([TokenKind.BRACE_R, TokenKind.BRACKET_R, TokenKind.PAREN_R]);

/** Upper bound of the nesting: every `{`, `[` and `(` of the text, strings and comments included. */
function openingCharacters(text: string): number {
  let count = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code === 123 || code === 91 || code === 40) count++;
  }
  return count;
}

/** A syntax error when `text` nests deeper than `limit`, else undefined (also for text the lexer refuses: the parser reports that). */
export function documentNestingError(text: string, limit = MAX_DOCUMENT_NESTING): GraphQLError | undefined {
  // Most documents have fewer opening characters than the limit: nothing to lex.
  if (openingCharacters(text) <= limit) return undefined;
  const source = new Source(text);
  const lexer = new Lexer(source);
  let depth = 0;
  try {
    for (let token = lexer.advance(); token.kind !== TokenKind.EOF; token = lexer.advance()) {
      if (OPENING.has(token.kind)) {
        depth++;
        if (depth > limit) {
          return new GraphQLError(`Syntax Error: Document is nested too deeply: at most ${limit} levels of braces, brackets and parentheses are allowed.`, {
            source,
            positions: [token.start],
            extensions: { code: 'GRAPHQL_PARSE_FAILED', http: { status: 400 } },
          });
        }
      } else if (CLOSING.has(token.kind)) depth--;
    }
  } catch {
    return undefined;
  }
  return undefined;
}

/**
 * The query texts of a GraphQL HTTP request that Apollo parses: a POST body (or a batch of them),
 * or GET's `query`. The URL's query string is read on GET (and HEAD) only: Apollo takes a POST's
 * document from its body alone, and Express parses `req.query` again on every read.
 */
function queryTexts(req: Request): string[] {
  const body: unknown = (req as { body?: unknown }).body;
  const bodies = Array.isArray(body) ? body : [body];
  const texts = bodies.flatMap((b) => (typeof b === 'object' && b !== null && typeof (b as { query?: unknown }).query === 'string' ? [(b as { query: string }).query] : []));
  if (req.method === 'GET' || req.method === 'HEAD') {
    const fromUrl = req.query?.query;
    if (typeof fromUrl === 'string') texts.push(fromUrl);
  }
  return texts;
}

/** Express middleware answering 400, in GraphQL's error shape, for a document nested too deeply. */
export function documentGuard(limit = MAX_DOCUMENT_NESTING) {
  return function guardDocument(req: Request, res: Response, next: NextFunction): void {
    for (const text of queryTexts(req)) {
      const error = documentNestingError(text, limit);
      if (error) {
        const { message, locations } = error.toJSON();
        res.status(400).json({ errors: [{ message, locations, extensions: { code: 'GRAPHQL_PARSE_FAILED' } }] });
        return;
      }
    }
    next();
  };
}
