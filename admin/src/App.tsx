import { lazy, useMemo } from 'react';
import {
  Admin,
  CustomRoutes,
  type I18nProvider,
  memoryStore,
  NotFound,
  Resource,
} from 'react-admin';
import { BrowserRouter, Navigate, Route } from 'react-router-dom';
import { CONSOLE_PATHS } from './access.ts';
import { AccessDenied, ConsoleNotFound, PageAccess } from './layout/Access.tsx';
import { ConsoleLayout } from './layout/ConsoleLayout.tsx';
import { authProvider } from './providers/authProvider.ts';
import { createDataProvider } from './providers/dataProvider.ts';
import { RESOURCES } from './resources.ts';
import { theme } from './theme.ts';

// Pages load with their route: each brings its own widgets, not the console's first load.
const DashboardPage = lazy(() =>
  import('./pages/DashboardPage.tsx').then((m) => ({ default: m.DashboardPage })),
);
const RegisterPage = lazy(() =>
  import('./pages/RegisterPage.tsx').then((m) => ({ default: m.RegisterPage })),
);
const BusinessSignupPage = lazy(() =>
  import('./signup/BusinessSignupPage.tsx').then((m) => ({ default: m.BusinessSignupPage })),
);
const BusinessSignupMailSentPage = lazy(() =>
  import('./signup/BusinessSignupPage.tsx').then((m) => ({
    default: m.BusinessSignupMailSentPage,
  })),
);
const BusinessSignupStepsPage = lazy(() =>
  import('./signup/BusinessSignupStepsPage.tsx').then((m) => ({
    default: m.BusinessSignupStepsPage,
  })),
);
const BillingPlanPage = lazy(() =>
  import('./billing/BillingPlanPage.tsx').then((m) => ({ default: m.BillingPlanPage })),
);
const UpgradePage = lazy(() =>
  import('./billing/UpgradePage.tsx').then((m) => ({ default: m.UpgradePage })),
);
const WelcomePage = lazy(() =>
  import('./signup/WelcomePage.tsx').then((m) => ({ default: m.WelcomePage })),
);

/**
 * The business console, mounted by the server at /business: one `<Resource>` per entry of
 * resources.ts (access through `authProvider.canAccess`), and the pages that are not resources
 * (dashboard, registration) behind the same rules. Old and bare paths lead on (spec section 2).
 */
export function App({ i18nProvider }: { i18nProvider: I18nProvider }) {
  const dataProvider = useMemo(() => createDataProvider(RESOURCES), []);
  return (
    <BrowserRouter basename="/business">
      <Admin
        title="app.title"
        authProvider={authProvider}
        dataProvider={dataProvider}
        i18nProvider={i18nProvider}
        layout={ConsoleLayout}
        catchAll={ConsoleNotFound}
        accessDenied={AccessDenied}
        theme={theme}
        // The account language and the site's cookie decide the locale, not a stored copy.
        store={memoryStore()}
        loginPage={false}
        requireAuth
        disableTelemetry
      >
        {RESOURCES.map(({ name, data: _data, menuLabel, access: _access, ...views }) => (
          <Resource key={name} name={name} {...views} options={{ label: menuLabel }} />
        ))}
        <CustomRoutes>
          <Route path="/" element={<Navigate to={CONSOLE_PATHS.dashboard} replace />} />
          <Route path="/members/activity" element={<Navigate to="/activity" replace />} />
          <Route
            path={CONSOLE_PATHS.dashboard}
            element={
              <PageAccess access="admin">
                <DashboardPage />
              </PageAccess>
            }
          />
          <Route
            path={CONSOLE_PATHS.billingPlan}
            element={
              <PageAccess access="admin">
                <BillingPlanPage />
              </PageAccess>
            }
          />
          <Route
            path={CONSOLE_PATHS.upgrade}
            element={
              <PageAccess access="admin" area="upgrade">
                <UpgradePage />
              </PageAccess>
            }
          />
        </CustomRoutes>
        <CustomRoutes noLayout>
          <Route
            path={CONSOLE_PATHS.register}
            element={
              <PageAccess access="user-strict">
                <RegisterPage />
              </PageAccess>
            }
          />
          {/* Business signup (spec section 2) is for signed-out visitors. */}
          <Route
            path={CONSOLE_PATHS.signup}
            element={
              <PageAccess access="unauthenticated">
                <BusinessSignupPage />
              </PageAccess>
            }
          />
          <Route
            path={`${CONSOLE_PATHS.signup}/mail-sent`}
            element={
              <PageAccess access="unauthenticated">
                <BusinessSignupMailSentPage />
              </PageAccess>
            }
          />
          <Route
            path={`${CONSOLE_PATHS.signup}/steps`}
            element={
              <PageAccess access="unauthenticated">
                <BusinessSignupStepsPage />
              </PageAccess>
            }
          />
          <Route
            path={`${CONSOLE_PATHS.signup}/*`}
            element={
              <PageAccess access="unauthenticated">
                <NotFound />
              </PageAccess>
            }
          />
          <Route
            path={CONSOLE_PATHS.welcome}
            element={
              <PageAccess access="admin">
                <WelcomePage />
              </PageAccess>
            }
          />
        </CustomRoutes>
      </Admin>
    </BrowserRouter>
  );
}
