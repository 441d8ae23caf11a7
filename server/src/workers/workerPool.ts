import { availableParallelism } from 'node:os';
import type { Worker } from 'node:worker_threads';

/** Why a job did not run to its end in a worker. */
export class WorkerJobRefused extends Error {
  constructor(
    readonly reason: 'busy' | 'timeout' | 'crashed',
    message: string,
  ) {
    super(message);
  }
}

/** An error thrown inside the worker, carried back as plain data (its class is rebuilt by the caller). */
export interface CarriedError {
  name: string;
  message: string;
  fields: Record<string, unknown>;
}

export type WorkerReply =
  { id: number; ok: true; value: unknown } | { id: number; ok: false; error: CarriedError };

export interface WorkerPoolOptions {
  /** Starts one worker thread. */
  spawn: () => Worker;
  size: number;
  /** Jobs waiting for a free worker; one more is refused as busy. */
  maxQueued: number;
  /** A job running longer is stopped (its worker replaced) and refused as too slow. */
  timeoutMs: number;
}

interface Job {
  id: number;
  message: unknown;
  transfer: ArrayBuffer[];
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

interface Slot {
  worker: Worker;
  job: Job | null;
  timer: NodeJS.Timeout | null;
}

/**
 * A few worker threads for CPU-heavy work on uploads (unzipping, parsing), so that the request thread keeps
 * answering everyone else. Workers start on first use and are kept; idle ones do not hold the process open.
 */
export class WorkerPool {
  private readonly slots: Slot[] = [];
  private readonly queue: Job[] = [];
  private nextId = 1;
  private closed = false;

  constructor(private readonly options: WorkerPoolOptions) {}

  run<T>(message: unknown, transfer: ArrayBuffer[] = []): Promise<T> {
    if (this.closed) return Promise.reject(new WorkerJobRefused('busy', 'The server is stopping.'));
    return new Promise<T>((resolve, reject) => {
      const job: Job = {
        id: this.nextId++,
        message,
        transfer,
        resolve: resolve as (v: unknown) => void,
        reject,
      };
      const idle = this.idleSlot();
      if (idle) this.start(idle, job);
      else if (this.queue.length >= this.options.maxQueued)
        reject(new WorkerJobRefused('busy', 'Too many files are being read at once.'));
      else this.queue.push(job);
    });
  }

  /** Stops every worker; jobs under way or waiting are refused. */
  async close(): Promise<void> {
    this.closed = true;
    for (const job of this.queue.splice(0))
      job.reject(new WorkerJobRefused('busy', 'The server is stopping.'));
    await Promise.all(
      this.slots.splice(0).map(async (slot) => {
        if (slot.timer) clearTimeout(slot.timer);
        slot.job?.reject(new WorkerJobRefused('busy', 'The server is stopping.'));
        await slot.worker.terminate();
      }),
    );
  }

  private idleSlot(): Slot | null {
    const idle = this.slots.find((slot) => slot.job === null);
    if (idle) return idle;
    if (this.slots.length >= this.options.size) return null;
    const slot: Slot = { worker: this.spawn(), job: null, timer: null };
    this.slots.push(slot);
    this.listen(slot);
    return slot;
  }

  private spawn(): Worker {
    const worker = this.options.spawn();
    worker.unref();
    return worker;
  }

  private listen(slot: Slot): void {
    slot.worker.on('message', (reply: WorkerReply) => {
      const job = slot.job;
      if (!job || reply.id !== job.id) return;
      this.finish(slot);
      if (reply.ok) job.resolve(reply.value);
      else job.reject(reply.error);
    });
    slot.worker.on('error', (error) => this.replace(slot, new WorkerJobRefused('crashed', error.message)));
    slot.worker.on('exit', () => this.replace(slot, new WorkerJobRefused('crashed', 'The worker stopped.')));
  }

  private start(slot: Slot, job: Job): void {
    slot.job = job;
    slot.worker.ref();
    slot.timer = setTimeout(() => {
      this.replace(slot, new WorkerJobRefused('timeout', 'Reading the file took too long.'));
    }, this.options.timeoutMs);
    try {
      slot.worker.postMessage({ id: job.id, message: job.message }, job.transfer);
    } catch (error) {
      // A message that cannot be sent (a buffer already handed over) fails its job, not the worker.
      this.finish(slot);
      job.reject(error);
    }
  }

  /** The slot's job is over: the worker takes the next waiting one, or rests. */
  private finish(slot: Slot): void {
    if (slot.timer) clearTimeout(slot.timer);
    slot.timer = null;
    slot.job = null;
    const next = this.queue.shift();
    if (next) this.start(slot, next);
    else slot.worker.unref();
  }

  /** A worker that failed or ran too long is stopped and dropped; its job is refused, the queue goes on. */
  private replace(slot: Slot, error: WorkerJobRefused): void {
    const index = this.slots.indexOf(slot);
    if (index < 0) return;
    this.slots.splice(index, 1);
    if (slot.timer) clearTimeout(slot.timer);
    const job = slot.job;
    slot.job = null;
    slot.worker.removeAllListeners();
    slot.worker.on('error', () => undefined);
    void slot.worker.terminate();
    job?.reject(error);
    const next = this.queue.shift();
    if (next && !this.closed) {
      const fresh = this.idleSlot();
      if (fresh) this.start(fresh, next);
      else this.queue.unshift(next);
    }
  }
}

/** One or two workers: on a small machine the request thread must keep a core to itself. */
export function defaultPoolSize(): number {
  const configured = Number(process.env.PARSE_WORKERS);
  if (Number.isInteger(configured) && configured >= 1 && configured <= 8) return configured;
  return Math.min(2, Math.max(1, availableParallelism() - 1));
}
