/** A one-line progress bar (done/total, rate, ETA) redrawn in place on a terminal's stderr. */
export interface Progress {
  tick(done: number): void;
  clear(): void;
}

const silent: Progress = { tick() {}, clear() {} };

function duration(seconds: number): string {
  if (!Number.isFinite(seconds)) return "?";
  const s = Math.round(seconds);
  return s >= 60 ? `${Math.floor(s / 60)}m${String(s % 60).padStart(2, "0")}s` : `${s}s`;
}

export function progressBar(
  stream: NodeJS.WritableStream & { isTTY?: boolean; columns?: number },
  total: number,
): Progress {
  if (!stream.isTTY) return silent;
  const started = Date.now();
  let drawnAt = 0;
  const draw = (done: number) => {
    const seconds = (Date.now() - started) / 1000;
    const rate = seconds > 0 ? done / seconds : 0;
    const eta = rate > 0 ? (total - done) / rate : Number.POSITIVE_INFINITY;
    const width = 24;
    const filled = total > 0 ? Math.round((width * done) / total) : width;
    stream.write(
      `\r[${"#".repeat(filled)}${"-".repeat(width - filled)}] ${done}/${total} ${rate.toFixed(1)}/s ETA ${duration(eta)}\u001b[K`,
    );
  };
  return {
    tick(done) {
      // At most ten redraws a second: a fast run would spend its time drawing.
      const now = Date.now();
      if (done < total && now - drawnAt < 100) return;
      drawnAt = now;
      draw(done);
    },
    clear() {
      stream.write("\r\u001b[K");
    },
  };
}
