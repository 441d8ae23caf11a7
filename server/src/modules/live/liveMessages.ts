import type { z } from 'zod';
import { serverLiveMessageSchema } from '@headland/domain/api/liveApi';

/**
 * A message for the live socket, built through its schema in domain/ (the schema the web parses it with): a
 * message that would not parse there fails here, where it is made, rather than being dropped by every client.
 */
export function encodeLiveMessage(message: z.input<typeof serverLiveMessageSchema>): string {
  return JSON.stringify(serverLiveMessageSchema.parse(message));
}
