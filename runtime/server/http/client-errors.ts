// Requests Node's HTTP parser refuses before Express sees them: a URL and headers over Node's
// 16 KB limit (a query string of thousands of filters), or bytes that are not HTTP. Node answers
// those with a bare status line; this answers in the error envelope instead, so every client
// gets the same shape for bad input.
import type { Server } from 'node:http';
import type { Duplex } from 'node:stream';

interface ParserError extends Error {
  code?: string;
}

function envelope(status: number, name: string, message: string): string {
  const body = JSON.stringify({ data: null, error: { status, name, message, details: {} } });
  const reason = status === 431 ? 'Request Header Fields Too Large' : 'Bad Request';
  return `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`;
}

export function answerClientErrors(server: Server): void {
  server.on('clientError', (err: ParserError, socket: Duplex) => {
    // A connection reset or closed mid-request has nobody left to answer.
    if (err.code === 'ECONNRESET' || !socket.writable) {
      socket.destroy();
      return;
    }
    const response =
      err.code === 'HPE_HEADER_OVERFLOW'
        ? envelope(431, 'RequestHeaderFieldsTooLargeError', 'The URL and headers are larger than the server accepts (16 KB): send fewer or shorter query parameters')
        : envelope(400, 'BadRequestError', 'Malformed HTTP request');
    socket.end(response);
  });
}
