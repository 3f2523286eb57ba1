/** Label values as prom-client's registry prints them: `{route="/dns/{domain}",status="200"}`. */
export type Labels = Readonly<Record<string, string>>;

/**
 * The series of one metric, found by their label values through nested Maps: no label object,
 * joined key or hash is made per observation, only when a series first appears. Series are
 * listed in the order they first appeared, as prom-client lists its own.
 */
export class SeriesTable<Cell> {
  private readonly byFirst = new Map<string, Map<string | number, Cell>>();
  private readonly listed: { readonly labels: Labels; readonly cell: Cell }[] = [];

  constructor(
    private readonly labelNames: readonly [string] | readonly [string, string],
    private readonly make: () => Cell,
  ) {}

  /** The series of these label values (the second ignored by a one-label metric). */
  get(first: string, second: string | number = ""): Cell {
    let inner = this.byFirst.get(first);
    if (inner === undefined) {
      inner = new Map();
      this.byFirst.set(first, inner);
    }
    let cell = inner.get(second);
    if (cell === undefined) {
      cell = this.make();
      inner.set(second, cell);
      const [firstName, secondName] = this.labelNames;
      const labels =
        secondName === undefined
          ? { [firstName]: first }
          : { [firstName]: first, [secondName]: String(second) };
      this.listed.push({ labels, cell });
    }
    return cell;
  }

  series(): readonly { readonly labels: Labels; readonly cell: Cell }[] {
    return this.listed;
  }

  clear(): void {
    this.byFirst.clear();
    this.listed.length = 0;
  }
}

/** A counter's series: one number, counted in place. */
export class Count {
  value = 0;
}

/** A histogram's series: a count per bucket (not cumulative until scraped), sum and count. */
export class BucketCounts {
  readonly counts: Float64Array;
  sum = 0;
  count = 0;

  constructor(readonly bounds: readonly number[]) {
    this.counts = new Float64Array(bounds.length);
  }

  observe(value: number): void {
    this.sum += value;
    this.count++;
    const bounds = this.bounds;
    for (let index = 0; index < bounds.length; index++) {
      if (value <= bounds[index]!) {
        this.counts[index]!++;
        return;
      }
    }
  }
}
