// `domain-intel serve` (the built CLI's own serve(), configured by the same environment) with
// rate limits off, for tests that push a fleet through one key faster than a plan allows.
import { serve } from "../../../cli/dist/index.js";

const running = await serve({ engine: { rateLimit: false } });
const stop = () =>
  running.close().then(
    () => process.exit(0),
    () => process.exit(1),
  );
process.once("SIGTERM", stop);
process.once("SIGINT", stop);
