import type { ReactElement, ReactNode } from 'react';
import { render, type RenderResult } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { Collapse, MantineProvider, mergeThemeOverrides } from '@mantine/core';
import type { i18n } from 'i18next';
import { createI18n } from '../i18n/createI18n.ts';
import { ApiClient } from '../shell/http/apiClient.ts';
import { ApiClientContext } from '../shell/http/ApiClientContext.tsx';
import { theme } from '../shell/theme.ts';

// jsdom runs no CSS transitions, so anything waiting for a transition's end would wait for ever.
const testTheme = mergeThemeOverrides(theme, {
  components: { Collapse: Collapse.extend({ defaultProps: { transitionDuration: 0 } }) },
});

export interface ProviderOptions {
  api?: ApiClient;
  /** The router's starting path. */
  path?: string;
  language?: string;
  /** An i18n instance of the test's own (e.g. to switch its language); else one for `language`. */
  i18n?: i18n;
}

/** Renders `ui` inside the app's providers (English texts, theme, queries, API client, an in-memory router). */
export function renderWithProviders(ui: ReactElement, options: ProviderOptions = {}): RenderResult {
  const api =
    options.api ?? new ApiClient({ fetch: () => Promise.reject(new Error('No fetch in this test')) });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const i18n = options.i18n ?? createI18n(options.language ?? 'en');
  const wrapper = ({ children }: { children: ReactNode }) => (
    <I18nextProvider i18n={i18n}>
      <MantineProvider theme={testTheme} env="test">
        <QueryClientProvider client={queryClient}>
          <ApiClientContext.Provider value={api}>
            <MemoryRouter initialEntries={[options.path ?? '/dashboard']}>{children}</MemoryRouter>
          </ApiClientContext.Provider>
        </QueryClientProvider>
      </MantineProvider>
    </I18nextProvider>
  );
  return render(ui, { wrapper });
}
