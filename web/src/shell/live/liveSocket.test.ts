import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LiveSocket, masterDataWaitMs, reconnectDelayMs, type SocketLike } from './liveSocket.ts';

class FakeSocket implements SocketLike {
  readyState = 0;
  onopen: SocketLike['onopen'] = null;
  onclose: SocketLike['onclose'] = null;
  onmessage: SocketLike['onmessage'] = null;
  onerror: SocketLike['onerror'] = null;
  sent: string[] = [];
  constructor(readonly url: string) {}
  send(data: string) {
    this.sent.push(data);
  }
  close() {
    this.readyState = 3;
  }
  open() {
    this.readyState = 1;
    this.onopen?.({});
  }
  drop(code: number) {
    this.readyState = 3;
    this.onclose?.({ code });
  }
  push(data: unknown) {
    this.onmessage?.({ data: typeof data === 'string' ? data : JSON.stringify(data) });
  }
}

let sockets: FakeSocket[];
let unauthorised: boolean;

function liveSocket(extra: Partial<ConstructorParameters<typeof LiveSocket>[0]> = {}) {
  return new LiveSocket({
    url: () => '/api/ws/v1/connect?sessionId=s&authToken=t',
    createSocket: (url) => {
      const socket = new FakeSocket(url);
      sockets.push(socket);
      return socket;
    },
    isUnauthorised: () => unauthorised,
    random: () => 0,
    ...extra,
  });
}

beforeEach(() => {
  vi.useFakeTimers();
  sockets = [];
  unauthorised = false;
});
afterEach(() => {
  vi.useRealTimers();
});

describe('LiveSocket', () => {
  it('doubles the reconnection delay from 5 s up to 60 s', () => {
    expect([1, 2, 3, 4, 5, 6, 7].map(reconnectDelayMs)).toEqual([
      5000, 10_000, 20_000, 40_000, 60_000, 60_000, 60_000,
    ]);
  });

  it('reconnects after a close code above 1001, waiting longer each time and starting over once open', async () => {
    const live = liveSocket();
    live.start();
    sockets[0]!.drop(1006);
    await vi.advanceTimersByTimeAsync(4999);
    expect(sockets).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(sockets).toHaveLength(2);
    sockets[1]!.drop(1011);
    await vi.advanceTimersByTimeAsync(9999);
    expect(sockets).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(sockets).toHaveLength(3);
    sockets[2]!.open();
    sockets[2]!.drop(1006);
    await vi.advanceTimersByTimeAsync(5000);
    expect(sockets).toHaveLength(4);
    live.stop();
  });

  it('does not reconnect on a normal close until the 10 s watch finds the socket closed', async () => {
    const live = liveSocket();
    live.start();
    sockets[0]!.open();
    sockets[0]!.drop(1001);
    await vi.advanceTimersByTimeAsync(9999);
    expect(sockets).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(sockets).toHaveLength(2);
    // An open socket is left alone by the watch.
    sockets[1]!.open();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(sockets).toHaveLength(2);
    live.stop();
  });

  it('never reconnects once the session is unauthorised, nor after the server closes as unauthorised', async () => {
    const onUnauthorised = vi.fn();
    const live = liveSocket({ onUnauthorised });
    live.start();
    sockets[0]!.drop(4401);
    expect(onUnauthorised).toHaveBeenCalledOnce();
    unauthorised = true;
    await vi.advanceTimersByTimeAsync(120_000);
    expect(sockets).toHaveLength(1);
    live.stop();
  });

  it('asks to catch up when it opens again after a loss (a server restart), not on the first opening', async () => {
    const onReopen = vi.fn();
    const live = liveSocket({ onReopen });
    live.start();
    sockets[0]!.open();
    expect(onReopen).not.toHaveBeenCalled();
    sockets[0]!.drop(1001);
    await vi.advanceTimersByTimeAsync(10_000);
    sockets[1]!.open();
    expect(onReopen).toHaveBeenCalledOnce();
    live.stop();
  });

  it('queues what is sent until the socket opens', () => {
    const live = liveSocket();
    live.start();
    live.send('setSessionState', { clientState: { moduleId: 1 } });
    expect(sockets[0]!.sent).toEqual([]);
    sockets[0]!.open();
    expect(sockets[0]!.sent.map((text) => JSON.parse(text))).toEqual([
      { Type: 'setSessionState', Data: { clientState: { moduleId: 1 } } },
    ]);
    live.send('setSessionState', { clientState: { moduleId: 2 } });
    expect(sockets[0]!.sent).toHaveLength(2);
    live.stop();
  });

  it('hands each message to the subscribers whose type is a prefix of its Type', () => {
    const live = liveSocket();
    const events = vi.fn();
    const sessions = vi.fn();
    live.subscribe('events', events);
    live.subscribe('sessions', sessions);
    live.start();
    sockets[0]!.open();
    sockets[0]!.push({ Type: 'events', Data: { Events: [] } });
    sockets[0]!.push({ Type: 'events/fields', Data: 1 });
    sockets[0]!.push({ Type: 'eventsx', Data: 2 });
    expect(events.mock.calls).toEqual([
      [{ Events: [] }, 'events'],
      [1, 'events/fields'],
    ]);
    expect(sessions).not.toHaveBeenCalled();
    live.stop();
  });

  it('delays master-data updates 10 s plus up to 10 s, or 10 ms in debug mode', async () => {
    expect(masterDataWaitMs(0, false)).toBe(10_000);
    expect(masterDataWaitMs(0.999_99, false)).toBe(19_999);
    expect(masterDataWaitMs(0.5, true)).toBe(10);
    const handler = vi.fn();
    const live = liveSocket({ random: () => 0.5 });
    live.subscribe('master-data', handler);
    live.start();
    sockets[0]!.open();
    sockets[0]!.push({ Type: 'master-data/crops', Data: null });
    await vi.advanceTimersByTimeAsync(14_999);
    expect(handler).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(handler).toHaveBeenCalledWith(null, 'master-data/crops');
    live.stop();

    const debugHandler = vi.fn();
    const debugLive = liveSocket({ debug: () => true });
    debugLive.subscribe('master-data', debugHandler);
    debugLive.start();
    sockets.at(-1)!.open();
    sockets.at(-1)!.push({ Type: 'master-data', Data: null });
    await vi.advanceTimersByTimeAsync(10);
    expect(debugHandler).toHaveBeenCalledOnce();
    debugLive.stop();
  });

  it('logs a message that cannot be read, and carries on', () => {
    const log = vi.fn();
    const handler = vi.fn();
    const live = liveSocket({ log });
    live.subscribe('sessions', handler);
    live.start();
    sockets[0]!.open();
    sockets[0]!.push('{not json');
    sockets[0]!.push({ Type: 'sessions', Data: [] });
    expect(log).toHaveBeenCalledOnce();
    expect(handler).toHaveBeenCalledOnce();
    live.stop();
  });
});
