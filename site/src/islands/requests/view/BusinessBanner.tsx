import type { TBusinessPublicInformation } from '@signet/shared/business/business.schema';
import { useEffect, useState } from 'react';
import { api, call } from '../../../lib/api.ts';
import type { TFunction } from '../../../lib/i18n.ts';

/**
 * What a signer may see of the business a request was sent for (name, logo, support contact,
 * Part 11), from `GET /v2/businesses/{id}/public-information`; null for a private request or
 * while it loads (the page works without it).
 */
export function useBusinessInformation(
  businessId: string | null,
): TBusinessPublicInformation | null {
  const [info, setInfo] = useState<TBusinessPublicInformation | null>(null);
  useEffect(() => {
    setInfo(null);
    if (!businessId) return;
    let live = true;
    call(api.getBusinessPublicInformation, { params: { id: businessId } })
      .then((i) => live && setInfo(i))
      .catch(() => {});
    return () => {
      live = false;
    };
  }, [businessId]);
  return info;
}

/** The business's logo and name over the request, with its support contact when it has one. */
export function BusinessBanner({ t, info }: { t: TFunction; info: TBusinessPublicInformation }) {
  const { email, phone } = info.supportContact;
  return (
    <div className="rq-business" data-testid="business-banner">
      {info.logo ? (
        <img
          src={info.logo.url}
          alt={info.name}
          height={40}
          width={Math.round((40 * info.logo.width) / Math.max(1, info.logo.height))}
          className="rq-business__logo"
        />
      ) : null}
      <div>
        <p className="rq-business__name">{t('view.business', { name: info.name })}</p>
        {email || phone ? (
          <p className="rq-business__support">
            {t('view.support')} {email ? <a href={`mailto:${email}`}>{email}</a> : null}
            {email && phone ? ' · ' : null}
            {phone ? <a href={`tel:${phone.replace(/[^+\d]/g, '')}`}>{phone}</a> : null}
          </p>
        ) : null}
      </div>
    </div>
  );
}
