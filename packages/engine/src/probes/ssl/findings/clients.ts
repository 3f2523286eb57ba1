import type { Finding } from "../../../contract/finding.js";
import type { SimulatedClient } from "../data/clients-schema.js";
import { finding, notScannedWhy, plural, type SslFindingsInput } from "./finding.js";

/**
 * `ssl.clients.locked-out`: warn when a current client (still supported, common today) cannot
 * connect to some address scanned; info when only retired clients cannot; pass when every
 * client of the table connects. `details.lockedOut` names them with the reason, per address.
 */
export function clientsFinding(input: SslFindingsInput): Finding {
  const id = "ssl.clients.locked-out";
  const scanned = input.data.endpoints.filter(
    (endpoint): endpoint is typeof endpoint & { clients: SimulatedClient[] } =>
      endpoint.clients !== null,
  );
  if (scanned.length === 0) return finding(id, "skipped", `Not checked: ${notScannedWhy(input)}.`);
  const lockedOut = scanned.flatMap((endpoint) =>
    endpoint.clients
      .filter((client) => client.connects === false)
      .map((client) => ({ address: endpoint.address, ...client })),
  );
  const untold = scanned.flatMap((endpoint) =>
    endpoint.clients.filter((client) => client.connects === null).map((client) => client.id),
  );
  const names = (clients: readonly SimulatedClient[]) => [
    ...new Set(clients.map((client) => client.name)),
  ];
  const details = {
    lockedOut: lockedOut.map(({ address, id: client, name, current, reason }) => ({
      address,
      id: client,
      name,
      current,
      reason,
    })),
    ...(untold.length > 0 ? { notTold: [...new Set(untold)] } : {}),
  };
  const current = lockedOut.filter((client) => client.current);
  if (current.length > 0) {
    return finding(
      id,
      "warn",
      `${plural(names(current).length, "current client")} cannot connect: ${names(current).join(", ")}.${retiredToo(lockedOut)}`,
      details,
    );
  }
  if (lockedOut.length > 0) {
    return finding(
      id,
      "info",
      `Only retired clients cannot connect: ${names(lockedOut).join(", ")}.`,
      details,
    );
  }
  const total = scanned[0]?.clients.length ?? 0;
  const told = untold.length > 0 ? ` (${plural(new Set(untold).size, "client")} not told)` : "";
  return finding(
    id,
    "pass",
    `Every one of the ${total} simulated clients connects${told}.`,
    details,
  );
}

const retiredToo = (lockedOut: readonly SimulatedClient[]) => {
  const retired = [...new Set(lockedOut.filter((client) => !client.current).map((c) => c.name))];
  return retired.length > 0 ? ` Retired ones too: ${retired.join(", ")}.` : "";
};
