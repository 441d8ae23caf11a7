import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { QueryClient } from '@tanstack/react-query';
import { brandResponseSchema } from '@headland/domain/api/brandApi';
import { supportedLanguage } from '@headland/domain/languages';
import { brandFromHost, brandIdSchema, brandMetaName, brands, type Brand } from '@headland/domain/brands';
import './shell/signInStyles.ts';
import './shell/readOnlyInputs.css';
import { createLoadedI18n } from './i18n/createI18n.ts';
import { initialLanguage, markLanguageChosen, storeLanguage, storedLanguage } from './i18n/languageChoice.ts';
import { ApiClient } from './shell/http/apiClient.ts';
import { App } from './shell/App.tsx';
import { preloadSignedInApp } from './shell/signedInApp.ts';
import { connectivity } from './shell/offline/browserConnectivity.ts';
import { registerWorker } from './shell/offline/registerWorker.ts';

const urlLang = new URLSearchParams(window.location.search).get('lang');
const language = initialLanguage({ urlLang, stored: storedLanguage(), browser: navigator.languages ?? [] });
const fromUrl = supportedLanguage(urlLang);
markLanguageChosen(fromUrl !== undefined);
if (fromUrl) storeLanguage(fromUrl);
document.documentElement.lang = language;

const queryClient = new QueryClient({
  defaultOptions: {
    // The API client already applies the product's retry rule; a second layer would multiply the attempts.
    queries: { retry: false, refetchOnWindowFocus: false },
    mutations: { retry: false },
  },
});

/** The brand the server wrote into the page (server/src/http/webPage.ts), when it did. */
function pageBrand(): Brand | null {
  const content = document.querySelector(`meta[name="${brandMetaName}"]`)?.getAttribute('content');
  const parsed = brandIdSchema.safeParse(content);
  return parsed.success ? brands[parsed.data] : null;
}

/** The brand the server serves this page as (its BRAND setting wins over the host name). */
async function servedBrand(): Promise<Brand> {
  const written = pageBrand();
  if (written) return written;
  try {
    const response = await fetch('/api/service/brand');
    const parsed = brandResponseSchema.safeParse(response.ok ? await response.json() : null);
    if (parsed.success) return brands[parsed.data.Brand];
  } catch {
    // No server answering (e.g. a static preview): the host name decides, as the server would.
  }
  return brands[brandFromHost(window.location.host)];
}

preloadSignedInApp(window.location.pathname);
connectivity.start();
registerWorker();

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element');
// The brand and the language's texts load side by side; the first render has both.
void Promise.all([servedBrand(), createLoadedI18n(language)]).then(([brand, i18n]) =>
  createRoot(root).render(
    <StrictMode>
      <App
        api={new ApiClient({ language: () => i18n.language, onReach: connectivity.report })}
        queryClient={queryClient}
        i18n={i18n}
        brand={brand}
      />
    </StrictMode>,
  ),
);
