import { describe, expect, it } from 'vitest';
import { encodeLiveMessage } from './liveMessages.ts';

describe('encodeLiveMessage', () => {
  it('writes a message its schema accepts', () => {
    expect(JSON.parse(encodeLiveMessage({ Type: 'master-data/crops', Data: null }))).toEqual({
      Type: 'master-data/crops',
      Data: null,
    });
    expect(JSON.parse(encodeLiveMessage({ Type: 'events', Data: { Events: [], Users: [] } }))).toEqual({
      Type: 'events',
      Data: { Events: [], Users: [] },
    });
  });

  it('refuses to write one the web would drop', () => {
    const drifted = { Type: 'events', Data: { Events: [{ Id: 1 }], Users: [] } };
    expect(() => encodeLiveMessage(drifted as never)).toThrow();
    expect(() => encodeLiveMessage({ Type: 'masterdata', Data: null })).toThrow();
  });
});
