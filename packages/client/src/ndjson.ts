/**
 * The JSON values of an NDJSON body, each as soon as its line is complete, so a caller reads a
 * running batch's results while it runs.
 */
export async function* ndjsonValues(body: ReadableStream<Uint8Array>): AsyncGenerator<unknown> {
  const decoder = new TextDecoder();
  const reader = body.getReader();
  let pending = "";
  try {
    for (;;) {
      const { done, value } = await reader.read();
      pending += done ? decoder.decode() : decoder.decode(value, { stream: true });
      let newline = pending.indexOf("\n");
      while (newline !== -1) {
        const line = pending.slice(0, newline).trim();
        pending = pending.slice(newline + 1);
        if (line !== "") yield JSON.parse(line);
        newline = pending.indexOf("\n");
      }
      if (done) break;
    }
    if (pending.trim() !== "") yield JSON.parse(pending);
  } finally {
    // A caller that stops early (break, an exception) lets the connection go.
    await reader.cancel().catch(() => undefined);
  }
}
