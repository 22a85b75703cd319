import { STATUS_CODES } from "node:http";
import type { Duplex } from "node:stream";

const malformedRequestStatus: Record<string, number> = {
  HPE_HEADER_OVERFLOW: 431,
  HPE_CHUNK_EXTENSIONS_OVERFLOW: 413,
  ERR_HTTP_REQUEST_TIMEOUT: 408,
};
const lingerMs = 1000;

/**
 * Answers a request Node could not parse (too-long address or headers, a client too slow to
 * send them, garbage) as Node would, but closes the connection gently: Node destroys it at
 * once, and a client still sending its request then gets a reset instead of the answer.
 */
export function answerMalformedRequest(error: NodeJS.ErrnoException, socket: Duplex): void {
  if (!socket.writable || error.code === "ECONNRESET") {
    socket.destroy();
    return;
  }
  const status = malformedRequestStatus[error.code ?? ""] ?? 400;
  socket.end(`HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
  // Read and drop the rest of the request, so closing sends no reset; then let it go.
  socket.resume();
  setTimeout(() => socket.destroy(), lingerMs).unref();
}
