import type { Socket } from "node:net";

/** What undici's HTTP/1 parser is handed at most per call (4 KiB, a quarter of its head limit). */
export const readSliceBytes = 4096;

/**
 * Makes `socket.read()` hand out at most `readSliceBytes` at a time, and nothing once the
 * socket is destroyed. Why: undici parses all a socket has buffered in one synchronous call and
 * keeps parsing after its header limit destroyed the socket, building one HeadersOverflowError
 * (with its stack) per header line left: a peer sending 10,000 headers cost 100-270 ms of CPU
 * on the main thread per response. In slices, parsing stops within 4 KiB of the limit.
 */
export function readInSlices(socket: Socket): Socket {
  const read = socket.read.bind(socket);
  socket.read = (size?: number) => {
    if (socket.destroyed) return null;
    if (size === undefined && socket.readableLength > readSliceBytes) return read(readSliceBytes);
    return read(size);
  };
  return socket;
}
