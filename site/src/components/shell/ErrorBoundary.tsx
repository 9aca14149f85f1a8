import type { TLang } from '@signet/shared/i18n/lang.rules';
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { isCrawler } from '../../lib/crawler.ts';
import { getT } from '../../lib/i18n.ts';

type Props = { lang: TLang; children: ReactNode };
type State = { failed: boolean };

/**
 * Catches a fatal render error inside an island and shows the error page's text in its place
 * (spec 2: fatal unhandled errors go to the error page). For crawler user agents nothing is
 * rendered; the error is only logged.
 */
export class ErrorBoundary extends Component<Props, State> {
  override state: State = { failed: false };

  static getDerivedStateFromError(): State {
    return { failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error('island failed', error, info.componentStack);
  }

  override render(): ReactNode {
    if (!this.state.failed) return this.props.children;
    if (typeof navigator !== 'undefined' && isCrawler(navigator.userAgent)) return null;
    const t = getT(this.props.lang);
    return (
      <section className="error-page" data-status="500">
        <div className="error-page__text">
          <h1>{t('error.500.title')}</h1>
          <h2>{t('error.500.subtitle')}</h2>
        </div>
        <a className="btn btn--primary btn--xl btn--block" href="/">
          {t('error.button')}
        </a>
      </section>
    );
  }
}
