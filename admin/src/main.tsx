import type { TUserLang } from '@signet/shared/user/user.constants';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App.tsx';
import { api, call } from './providers/client.ts';
import { consoleLang, createI18nProvider } from './providers/i18nProvider.ts';
import { loadSession } from './session.ts';

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');

const accountLang = async () => (await loadSession())?.user.attributes.lang ?? null;
const saveAccountLang = (lang: TUserLang) =>
  call(api.updateUser, { body: { attributes: { lang } } });

// The session is needed for everything anyway; asking first lets the console open in the
// account's language rather than switch after the first paint.
const session = await loadSession().catch(() => null);
const i18nProvider = await createI18nProvider(
  consoleLang(session?.user.attributes.lang),
  accountLang,
  saveAccountLang,
);
document.documentElement.lang = i18nProvider.getLocale();

createRoot(root).render(
  <StrictMode>
    <App i18nProvider={i18nProvider} />
  </StrictMode>,
);
