import { EventAction } from '@headland/domain/enumerations';

/**
 * The data services of an open holding that other people's changes make stale (fields-croppings-maps §4). Each
 * names the services it is built from: a refresh reads those first, then itself.
 */
export const dataServices = {
  holdings: [],
  fields: [],
  croppings: ['fields'],
  validation: ['fields', 'croppings'],
  dashboard: ['fields', 'croppings'],
} as const satisfies Record<string, readonly string[]>;

export type DataService = keyof typeof dataServices;

/** A refresh asked for by the user waits for nothing but a running refresh; an automatic one also for dialogs. */
export type RefreshKind = 'auto' | 'user';

/** How long a refresh asked during another waits before it is tried again. */
export const refreshRetryMs = 5_000;
/** How often a deferred refresh looks whether the dialog or form that holds it back has closed. */
export const dialogCheckMs = 250;

/** What an event needs of it: the object type and the action. */
export interface RefreshEvent {
  ObjectType: string;
  Action: string;
}

/** What the holding's events make stale; everything a field or cropping feeds is refreshed after them. */
export function servicesForEvents(events: readonly RefreshEvent[]): Set<DataService> {
  const services = new Set<DataService>();
  for (const event of events) {
    if (event.ObjectType === 'Holding' && event.Action === EventAction.Update) services.add('holdings');
    // A field, a cropping, an import or any other change of the holding's records: its fields and croppings,
    // and what is worked out from them.
    services.add('fields');
    services.add('croppings');
    services.add('validation');
    services.add('dashboard');
  }
  return services;
}

/**
 * The order to refresh the services in: every service after the services it is built from, and the holdings
 * (reloaded on a holding's change) before all others. Dependencies not asked for are refreshed too.
 */
export function refreshOrder(services: Iterable<DataService>): DataService[] {
  const order: DataService[] = [];
  const visit = (service: DataService) => {
    if (order.includes(service)) return;
    for (const dependency of dataServices[service]) visit(dependency);
    order.push(service);
  };
  const asked = new Set(services);
  if (asked.has('holdings')) visit('holdings');
  for (const service of Object.keys(dataServices) as DataService[]) if (asked.has(service)) visit(service);
  return order;
}

export interface DataRefresherOptions {
  /** Refreshes the services in the order given. */
  run(services: DataService[]): Promise<void>;
  /** True while the session reloads: a refresh then is skipped, the reload reads everything anyway. */
  isReloading(): boolean;
  /** True while a dialog or a form is open: an automatic refresh waits until it closes. */
  isDialogOpen(): boolean;
}

interface Pending {
  kind: RefreshKind;
  services: Set<DataService>;
}

function merged(into: Pending | null, kind: RefreshKind, services: Iterable<DataService>): Pending {
  const next: Pending = into
    ? { kind: into.kind === 'user' ? 'user' : kind, services: new Set(into.services) }
    : { kind, services: new Set() };
  for (const service of services) next.services.add(service);
  return next;
}

/**
 * Runs the refreshes of the open holding by the spec's rules: skipped while the session reloads; an automatic
 * refresh deferred while a dialog or form is open and run once it closes; a refresh asked during another is
 * queued and tried again after 5 seconds, keeping its kind. Requests waiting together are merged into one.
 */
export class DataRefresher {
  private running = false;
  private queued: Pending | null = null;
  private retryTimer: ReturnType<typeof setTimeout> | null = null;
  private deferred: Pending | null = null;
  private dialogTimer: ReturnType<typeof setInterval> | null = null;
  private stopped = false;

  constructor(private readonly options: DataRefresherOptions) {}

  /** Asks for the services to be refreshed. */
  request(kind: RefreshKind, services: Iterable<DataService>): void {
    if (this.stopped || this.options.isReloading()) return;
    const wanted = [...services];
    if (!wanted.length) return;
    if (this.running) {
      this.queued = merged(this.queued, kind, wanted);
      this.retryTimer ??= setTimeout(() => {
        this.retryTimer = null;
        const queued = this.queued;
        this.queued = null;
        if (queued) this.request(queued.kind, queued.services);
      }, refreshRetryMs);
      return;
    }
    if (kind === 'auto' && this.options.isDialogOpen()) {
      this.deferred = merged(this.deferred, kind, wanted);
      this.dialogTimer ??= setInterval(() => {
        if (this.options.isDialogOpen()) return;
        this.clearDialogTimer();
        const deferred = this.deferred;
        this.deferred = null;
        if (deferred) this.request(deferred.kind, deferred.services);
      }, dialogCheckMs);
      return;
    }
    void this.start(wanted);
  }

  /** Forgets every waiting refresh; nothing runs any more. */
  stop(): void {
    this.stopped = true;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryTimer = null;
    this.clearDialogTimer();
    this.queued = null;
    this.deferred = null;
  }

  private clearDialogTimer(): void {
    if (this.dialogTimer) clearInterval(this.dialogTimer);
    this.dialogTimer = null;
  }

  private async start(services: DataService[]): Promise<void> {
    this.running = true;
    try {
      await this.options.run(refreshOrder(services));
    } catch {
      // A failed read shows in its own screen; the next change asks again.
    } finally {
      this.running = false;
    }
  }
}
