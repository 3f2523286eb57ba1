/**
 * The loading thread: reads the CSV files, builds the tables and hands them to the thread that
 * asked, their buffers transferred. Seconds of parsing happen here, not on a server's loop.
 */
import { readFileSync } from "node:fs";
import { parentPort, workerData } from "node:worker_threads";
import type { CsvInput } from "./csv-ranges.js";
import { buildIpTables, tableBuffers } from "./ip-tables.js";
import type { TablesReply, TablesRequest } from "./off-thread.js";

const request = workerData as TablesRequest;

const inputs = (files: readonly string[]): CsvInput[] =>
  files.map((file) => ({
    text: readFileSync(file, "utf8"),
    source: file,
    // ip-location-db's `-ipv6-num.csv` files hold 128-bit decimal bounds.
    numericFamily: /ipv6-num\.csv$/i.test(file) ? 6 : 4,
  }));

let reply: TablesReply;
try {
  const tables = buildIpTables({
    source: request.source,
    asn: inputs(request.asnFiles),
    country: inputs(request.countryFiles),
  });
  reply = { tables };
  parentPort!.postMessage(reply, tableBuffers(tables));
} catch (error) {
  const { name, message, code } = error as NodeJS.ErrnoException;
  reply = { error: { name, message, code } };
  parentPort!.postMessage(reply);
}
