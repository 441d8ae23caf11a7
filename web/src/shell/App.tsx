import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { I18nextProvider, useTranslation } from 'react-i18next';
import type { i18n } from 'i18next';
import { BrowserRouter } from 'react-router';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { Center, Loader, MantineProvider } from '@mantine/core';
import { brandFromHost, brands, type Brand } from '@headland/domain/brands';
import { ApiClientContext } from './http/ApiClientContext.tsx';
import type { ApiClient } from './http/apiClient.ts';
import { ApiProblemDialogs } from './dialogs/ApiProblemDialogs.tsx';
import { SpinnerOverlay } from './dialogs/SpinnerOverlay.tsx';
import { MaintenanceGate } from './live/MaintenanceGate.tsx';
import { LoginScreen } from './login/LoginScreen.tsx';
import { checkSingleSignOn } from './signup/signupRequests.ts';
import { useShellController } from './session/useShellController.ts';
import { applyUserLanguage } from '../i18n/languageChoice.ts';
import { cssVariablesResolver, theme } from './theme.ts';
import { loadSignedInApp } from './signedInApp.ts';

// The sign-in screen is all a first visit needs: the app behind it, and the sign-up wizard, load on demand.
const SignedInApp = lazy(() => loadSignedInApp().then((app) => ({ default: app.SignedInApp })));
const SignupWizard = lazy(() =>
  import('./signup/SignupWizard.tsx').then((wizard) => ({ default: wizard.SignupWizard })),
);
const SignupErrorPage = lazy(() =>
  import('./signup/SignupWizard.tsx').then((wizard) => ({ default: wizard.SignupErrorPage })),
);

export interface AppProps {
  api: ApiClient;
  queryClient: QueryClient;
  i18n: i18n;
  /** Defaults to the brand of the page's host. */
  brand?: Brand;
}

/** The whole web app: providers around the shell. */
export function App({ api, queryClient, i18n, brand }: AppProps) {
  const resolvedBrand = brand ?? brands[brandFromHost(window.location.host)];
  return (
    <I18nextProvider i18n={i18n}>
      <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
        <QueryClientProvider client={queryClient}>
          <ApiClientContext.Provider value={api}>
            <BrowserRouter>
              <MaintenanceGate>
                <Shell api={api} brand={resolvedBrand} />
              </MaintenanceGate>
            </BrowserRouter>
            <SpinnerOverlay />
            <ApiProblemDialogs />
          </ApiClientContext.Provider>
        </QueryClientProvider>
      </MantineProvider>
    </I18nextProvider>
  );
}

/** Shows the shell state of session-shell-connections §2: loading, login, or the app. */
function Shell({ api, brand }: { api: ApiClient; brand: Brand }) {
  const { t, i18n } = useTranslation();
  const controller = useShellController(api);
  const { state } = controller;
  const user = 'start' in state ? state.start.User : null;

  // Once signed in, the user's saved language applies (unless one was chosen on this page).
  useEffect(() => {
    void applyUserLanguage(i18n, user);
  }, [i18n, user]);

  useEffect(() => {
    document.title = brand.name;
  }, [brand.name]);

  // Where the brand has single sign-on, the login screen asks for the address first; the check answers a
  // configured domain's login link (session-shell §4, §8), passing on the page's invitation.
  // The invitation is read as the page opened: the shell takes an unusable one out of the address at once.
  const [invite] = useState(() => new URLSearchParams(window.location.search).get('invite'));
  const checkAddress = useCallback(
    async (email: string) => (await checkSingleSignOn(api, email, invite)).loginLink,
    [api, invite],
  );

  const loading = (
    <Center mih="100vh">
      <Loader aria-label={t('common.loading')} />
    </Center>
  );
  if (state.kind === 'loading') return loading;
  if (state.kind === 'signup') {
    return (
      <Suspense fallback={loading}>
        <SignupWizard
          productName={brand.name}
          onDone={controller.finishSignup}
          onCancelAccount={controller.cancelSignup}
        />
      </Suspense>
    );
  }
  if (state.kind === 'signupError') {
    return (
      <Suspense fallback={loading}>
        <SignupErrorPage
          productName={brand.name}
          email={state.email}
          onSignIn={controller.leaveSignupError}
        />
      </Suspense>
    );
  }
  if (state.kind === 'login') {
    return (
      <LoginScreen
        state={state}
        controller={controller}
        productName={brand.name}
        checkSingleSignOn={brand.features.singleSignOn ? checkAddress : undefined}
      />
    );
  }
  return (
    <Suspense fallback={loading}>
      <SignedInApp state={state} controller={controller} brand={brand} />
    </Suspense>
  );
}
