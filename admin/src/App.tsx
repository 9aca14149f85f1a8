import { useI18nextProvider } from 'ra-i18n-i18next';
import { useMemo, useState } from 'react';
import { Admin, CustomRoutes, memoryStore, NotFound } from 'react-admin';
import { BrowserRouter, Route } from 'react-router-dom';
import { AccessGuard } from './layout/AccessGuard.tsx';
import { ConsoleLayout } from './layout/ConsoleLayout.tsx';
import { saveUserLang } from './providers/api.ts';
import { authProvider, loadSession } from './providers/authProvider.ts';
import {
  availableLocales,
  consoleLang,
  i18nOptions,
  withLangMemory,
} from './providers/i18nProvider.ts';
import { ALIAS_PATHS, SCREENS } from './screens.tsx';
import { theme } from './theme.ts';

/**
 * Not-found inside the layout, behind the guard: a business route without its screen yet still
 * follows the access rules (a member on /business/members is sent to the site, not shown a 404).
 */
function GuardedNotFound() {
  return (
    <AccessGuard>
      <NotFound />
    </AccessGuard>
  );
}

const accountLang = async () => (await loadSession())?.user.attributes.lang ?? null;

/** The business console, mounted by the server at /business. */
export function App() {
  const [lang] = useState(() => consoleLang());
  const [settings] = useState(() => ({ options: i18nOptions(lang), availableLocales }));
  const base = useI18nextProvider(settings);
  const i18nProvider = useMemo(
    () => (base ? withLangMemory(base, accountLang, saveUserLang) : null),
    [base],
  );
  // i18next initialises asynchronously (a tick: resources are bundled).
  if (!i18nProvider) return null;

  return (
    <BrowserRouter basename="/business">
      <Admin
        title="Signet Business"
        authProvider={authProvider}
        i18nProvider={i18nProvider}
        layout={ConsoleLayout}
        catchAll={GuardedNotFound}
        theme={theme}
        // The account language and the site's cookie decide the locale, not a stored copy.
        store={memoryStore()}
        loginPage={false}
        requireAuth
        disableTelemetry
      >
        <CustomRoutes noLayout>
          {SCREENS.filter((screen) => !screen.layout).map((screen) => (
            <Route
              key={screen.path}
              path={screen.path}
              element={<AccessGuard>{screen.element}</AccessGuard>}
            />
          ))}
        </CustomRoutes>
        <CustomRoutes>
          {ALIAS_PATHS.map((path) => (
            <Route key={path} path={path} element={<AccessGuard />} />
          ))}
          {SCREENS.filter((screen) => screen.layout).map((screen) => (
            <Route
              key={screen.path}
              path={screen.path}
              element={<AccessGuard>{screen.element}</AccessGuard>}
            />
          ))}
        </CustomRoutes>
      </Admin>
    </BrowserRouter>
  );
}
