import { describe, expect, it, vi } from 'vitest';
import {
  eventsMessageSchema,
  masterDataMessageSchema,
  sessionsMessageSchema,
} from '@headland/domain/api/liveApi';
import { parsedLiveHandler } from './liveMessages.ts';

const session = {
  SessionId: 's1',
  UserId: 4,
  UserEmail: 'anna@example.com',
  UserName: 'Anna Smith',
  Role: 2,
  ReadOnly: false,
  CurrentSession: false,
  StartDate: '2025-03-01T08:00:00.000Z',
  InactiveSince: null,
  SessionType: 1,
  ClientState: { moduleId: 2 },
};

describe('parsedLiveHandler', () => {
  it('hands on a message its schema accepts', () => {
    const onMessage = vi.fn();
    const log = vi.fn();
    parsedLiveHandler(sessionsMessageSchema, onMessage, log)([session], 'sessions');
    expect(onMessage).toHaveBeenCalledWith({ Type: 'sessions', Data: [session] });
    expect(log).not.toHaveBeenCalled();
  });

  it('logs and drops a message of another shape, and one of a sub-type its schema does not name', () => {
    const onMessage = vi.fn();
    const log = vi.fn();
    const handler = parsedLiveHandler(eventsMessageSchema, onMessage, log);
    handler({ Events: [] }, 'events');
    handler({ Events: [{ Id: 'one' }], Users: [] }, 'events');
    handler({ Events: [], Users: [] }, 'events/fields');
    expect(onMessage).not.toHaveBeenCalled();
    expect(log).toHaveBeenCalledTimes(3);
    handler({ Events: [], Users: [] }, 'events');
    expect(onMessage).toHaveBeenCalledOnce();
  });

  it('takes master-data and its sub-paths, without data', () => {
    const onMessage = vi.fn();
    const log = vi.fn();
    const handler = parsedLiveHandler(masterDataMessageSchema, onMessage, log);
    handler(null, 'master-data');
    handler(null, 'master-data/crops');
    handler({ drop: true }, 'master-data');
    expect(onMessage.mock.calls.map(([message]) => message.Type)).toEqual([
      'master-data',
      'master-data/crops',
    ]);
    expect(log).toHaveBeenCalledOnce();
  });
});
