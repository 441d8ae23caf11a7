import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';

/** Liveness and database reachability, for start-up scripts and monitors. */
export async function healthRoutes(app: FastifyInstance): Promise<void> {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/health',
    {
      config: { access: 'public' },
      schema: {
        tags: ['health'],
        response: {
          200: z.object({ status: z.literal('ok'), database: z.enum(['pglite', 'postgres']) }),
          // Answered by the start's front while the database opens (server/src/startup/).
          503: z.object({ status: z.literal('starting') }).describe('The server is starting'),
        },
      },
    },
    async () => {
      await app.deps.database.db.execute(sql`SELECT 1`);
      return { status: 'ok' as const, database: app.deps.database.kind };
    },
  );
}
