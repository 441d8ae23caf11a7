import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { languageCodes, type LanguageCode } from '@headland/domain/languages';
import { notFound } from '../../http/httpErrors.ts';
import { readLanguageTexts, textsDir, type Texts } from '../../http/languageTexts.ts';

const params = z.object({
  lang: z
    .string()
    .max(35)
    .describe('A language code of the product: ' + languageCodes.join(', ')),
});
/** A language's texts: nested objects whose leaves are the texts, keyed by text id. */
const textsSchema = z.record(z.string(), z.unknown());

/**
 * The texts of one language (session-shell-connections §7, Resources), the areas' files merged into one object:
 * only that language's own texts, without English filled in (a client falls back to English key by key).
 * Public: the sign-in screen is shown in the language too. The files are read once, at start.
 */
export async function intlRoutes(app: FastifyInstance): Promise<void> {
  const texts = readLanguageTexts();
  if (texts.size === 0)
    app.log.warn({ textsDir }, 'The text files of the languages were not found: none is served');
  const answer = (lang: string): Texts => {
    const found = texts.get(lang as LanguageCode);
    if (!found) {
      throw notFound('languageUnknown', { lang, languages: languageCodes.join(', ') });
    }
    return found;
  };
  const route = {
    config: { access: 'public' as const },
    schema: { tags: ['resources'], params, response: { 200: textsSchema } },
  };
  const typed = app.withTypeProvider<ZodTypeProvider>();
  typed.get('/resources/:lang/text.json', route, async (request) => answer(request.params.lang));
  typed.get('/api/intl/v1/text/language/:lang', route, async (request) => answer(request.params.lang));
}
