import { randomUUID } from "node:crypto";
import type { KeyIdentity } from "../auth/key-verifier.js";
import { DomainIntelError } from "../contract/domain-intel-error.js";
import { type BatchJob, type BatchStore, isFinished } from "../jobs/batch-store.js";
import type { WorkQueue } from "../jobs/work-queue.js";
import type { BatchWork } from "./batch-options.js";
import type { BatchRequest } from "./batch-request.js";

/** A job as `POST /batch` and `GET /batch/{id}` answer it. */
export interface BatchView {
  readonly id: string;
  readonly status: BatchJob["status"];
  readonly total: number;
  readonly done: number;
  readonly failed: number;
  readonly createdAt: string;
  readonly sections: readonly string[] | null;
  readonly invalid: BatchJob["invalid"];
  readonly links: { readonly self: string; readonly results: string };
}

/** The results: what is recorded now, then (for hosts that stream) the lines still to come. */
export interface BatchResults {
  readonly recorded: string;
  follow(signal?: AbortSignal): AsyncIterable<Uint8Array>;
}

export interface BatchServiceOptions {
  readonly basePath: string;
  readonly store: BatchStore;
  readonly queue: WorkQueue<BatchWork>;
  /** How often a followed job's store is read for new lines. */
  readonly followPollMs?: number;
}

const notFound = () => new DomainIntelError("not_found", "No batch job with this id.");

/** Creates, shows, cancels and reads batch jobs; a job exists only for the key that made it. */
export function createBatchService(options: BatchServiceOptions) {
  const { store, queue, basePath } = options;
  const pollMs = options.followPollMs ?? 200;

  function view(job: BatchJob): BatchView {
    const self = `${basePath}/batch/${job.id}`;
    return {
      id: job.id,
      status: job.status,
      total: job.domains.length,
      done: job.done,
      failed: job.failed,
      createdAt: job.createdAt,
      sections: job.sections,
      invalid: job.invalid,
      links: { self, results: `${self}/results` },
    };
  }

  async function owned(identity: KeyIdentity, id: string): Promise<BatchJob> {
    // Another key's job answers exactly as a missing one does.
    const job = /^[A-Za-z0-9-]{1,64}$/.test(id) ? await store.get(id) : undefined;
    if (!job || job.keyId !== identity.id) throw notFound();
    return job;
  }

  async function lines(id: string, from: number): Promise<readonly string[]> {
    return store.results(id, from);
  }

  return {
    async create(identity: KeyIdentity, request: BatchRequest): Promise<BatchView> {
      const id = randomUUID();
      const spec = {
        id,
        keyId: identity.id,
        ...(identity.plan ? { plan: identity.plan } : {}),
        sections: request.sections,
        domains: request.domains,
        invalid: request.invalid,
        createdAt: new Date().toISOString(),
      };
      await store.create(spec);
      // Nothing to do: done at once, never queued.
      if (request.domains.length === 0) await store.setStatus(id, "done");
      else {
        try {
          await queue.add(id, { batchId: id });
        } catch (error) {
          // A job no worker will ever take must not stay `queued`: it ends here, and the
          // client is told nothing was started.
          await Promise.resolve(store.setStatus(id, "cancelled")).catch(() => undefined);
          throw new DomainIntelError(
            "overloaded",
            `The batch could not be queued (${error instanceof Error ? error.message : String(error)}); nothing will run. Try again later.`,
          );
        }
      }
      return view((await store.get(id))!);
    },
    async get(identity: KeyIdentity, id: string): Promise<BatchView> {
      return view(await owned(identity, id));
    },
    /** The job's domains and sections, for its summary. */
    async domains(
      identity: KeyIdentity,
      id: string,
    ): Promise<Pick<BatchJob, "domains" | "sections">> {
      const { domains, sections } = await owned(identity, id);
      return { domains, sections };
    },
    async cancel(identity: KeyIdentity, id: string): Promise<BatchView> {
      const job = await owned(identity, id);
      const progress = await store.setStatus(id, "cancelled");
      return view({ ...job, ...progress });
    },
    async results(identity: KeyIdentity, id: string): Promise<BatchResults> {
      await owned(identity, id);
      const first = await lines(id, 0);
      return {
        recorded: first.map((line) => `${line}\n`).join(""),
        async *follow(signal) {
          let offset = first.length;
          while (!signal?.aborted) {
            // The status is read before the lines: a job finished then has nothing after them.
            const progress = await store.progress(id);
            const more = await lines(id, offset);
            offset += more.length;
            if (more.length > 0) yield Buffer.from(more.map((line) => `${line}\n`).join(""));
            if (!progress || isFinished(progress.status)) return;
            await new Promise((resolve) => setTimeout(resolve, pollMs));
          }
        },
      };
    },
  };
}

export type BatchService = ReturnType<typeof createBatchService>;
