// Preloaded into the MDN HTTP Observatory's process by bench/http-section.ts: the Observatory
// resolves names with Node's dns.lookup (the system resolver), so the loopback sites' names are
// answered here from OBSERVATORY_ADDRESSES ({"host": "address"}), as the bench's DNS server
// answers them for our engine. Any other name fails, so nothing leaves the machine.
import dns from "node:dns";

const addresses = new Map(Object.entries(JSON.parse(process.env.OBSERVATORY_ADDRESSES ?? "{}")));

function lookup(hostname, options, callback) {
  const done = typeof options === "function" ? options : callback;
  const all = typeof options === "object" && options?.all;
  const address = addresses.get(String(hostname).toLowerCase());
  if (!address) {
    const error = Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), {
      code: "ENOTFOUND",
      hostname,
    });
    process.nextTick(done, error);
    return;
  }
  if (all) process.nextTick(done, null, [{ address, family: 4 }]);
  else process.nextTick(done, null, address, 4);
}

dns.lookup = lookup;
