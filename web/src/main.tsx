import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { QueryClient } from '@tanstack/react-query';
import { pickLanguage } from '@headland/domain/languages';
import '@mantine/core/styles.css';
import { createI18n } from './i18n/createI18n.ts';
import { ApiClient } from './shell/http/apiClient.ts';
import { App } from './shell/App.tsx';

const language = pickLanguage(
  new URLSearchParams(window.location.search).get('lang'),
  navigator.languages ?? [],
);
document.documentElement.lang = language;

const queryClient = new QueryClient({
  defaultOptions: {
    // The API client already applies the product's retry rule; a second layer would multiply the attempts.
    queries: { retry: false, refetchOnWindowFocus: false },
    mutations: { retry: false },
  },
});

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element');
createRoot(root).render(
  <StrictMode>
    <App api={new ApiClient()} queryClient={queryClient} i18n={createI18n(language)} />
  </StrictMode>,
);
