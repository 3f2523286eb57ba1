import type * as packet from "dns-packet";
import type { ServedZone } from "./dns-zone-handlers.js";

/** A zone the lab's resolver also knows (`extraZones`): `records` under an SOA at `apex`. */
export const extraZone = (apex: string, records: packet.Answer[]): ServedZone => ({
  apex,
  records: [
    {
      type: "SOA",
      name: apex,
      ttl: 300,
      data: {
        mname: `ns.${apex}`,
        rname: `hostmaster.${apex}`,
        serial: 1,
        refresh: 14400,
        retry: 3600,
        expire: 1209600,
        minimum: 300,
      },
    },
    ...records,
  ],
});
