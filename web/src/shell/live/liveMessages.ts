import type { z } from 'zod';
import type { LiveHandler } from './liveSocket.ts';

type MessageSchema = z.ZodType<{ Type: string; Data: unknown }>;

/**
 * A subscriber of the live socket that hears only the messages `schema` (one of domain/api/liveApi.ts) accepts:
 * a message that does not match is logged and dropped, so a screen never works on data of an unexpected shape.
 */
export function parsedLiveHandler<Schema extends MessageSchema>(
  schema: Schema,
  onMessage: (message: z.infer<Schema>) => void,
  log: (message: string, error?: unknown) => void = (message, error) => console.warn(message, error),
): LiveHandler {
  return (data, type) => {
    const parsed = schema.safeParse({ Type: type, Data: data });
    if (!parsed.success) {
      log(
        `The live socket sent a '${type}' message that does not match its schema; it is ignored`,
        parsed.error,
      );
      return;
    }
    onMessage(parsed.data);
  };
}
