/** One sample of a Prometheus text exposition: `name{label="value",...} number`. */
export interface PrometheusSample {
  readonly name: string;
  readonly labels: Readonly<Record<string, string>>;
  readonly value: number;
}

export interface PrometheusScrape {
  readonly samples: readonly PrometheusSample[];
  /** `# TYPE` of each metric family. */
  readonly types: Readonly<Record<string, string>>;
  /** The value of the one sample with this name and these labels (others ignored), if any. */
  value(name: string, labels?: Readonly<Record<string, string>>): number | undefined;
}

const sampleLine = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})?\s+(\S+)(?:\s+\d+)?$/;
const labelPair = /([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g;

/**
 * Parses the Prometheus text format (version 0.0.4) strictly: a line that is neither a
 * comment nor a well-formed sample throws, so a test scraping `/metrics` checks the format too.
 */
export function parsePrometheusText(text: string): PrometheusScrape {
  const samples: PrometheusSample[] = [];
  const types: Record<string, string> = {};
  for (const line of text.split("\n")) {
    if (line === "") continue;
    if (line.startsWith("#")) {
      const type = /^# TYPE (\S+) (counter|gauge|histogram|summary|untyped)$/.exec(line);
      if (type) types[type[1]!] = type[2]!;
      else if (!line.startsWith("# HELP ")) throw new Error(`not a Prometheus comment: ${line}`);
      continue;
    }
    const match = sampleLine.exec(line);
    if (!match) throw new Error(`not a Prometheus sample: ${line}`);
    const labels: Record<string, string> = {};
    for (const [, name, value] of (match[2] ?? "").matchAll(labelPair)) {
      labels[name!] = value!.replace(/\\(.)/g, (_, escaped: string) =>
        escaped === "n" ? "\n" : escaped,
      );
    }
    const value =
      match[3] === "+Inf" ? Infinity : match[3] === "-Inf" ? -Infinity : Number(match[3]);
    // Prometheus reads NaN in any case (Go's ParseFloat); prom-client writes "Nan".
    if (Number.isNaN(value) && match[3]!.toLowerCase() !== "nan")
      throw new Error(`not a number: ${line}`);
    samples.push({ name: match[1]!, labels, value });
  }
  return {
    samples,
    types,
    value(name, wanted = {}) {
      return samples.find(
        (sample) =>
          sample.name === name &&
          Object.entries(wanted).every(([label, value]) => sample.labels[label] === value),
      )?.value;
    },
  };
}
