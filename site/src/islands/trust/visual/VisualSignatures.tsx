import type { TLang } from '@signet/shared/i18n/lang.rules';
import type { TVisualSignature } from '@signet/shared/visual-signature/visual-signature.schema';
import { useCallback, useEffect, useState } from 'react';
import { openDeleteSignatureDialog } from '../../../dialogs/visual-signature/delete-signature.tsx';
import { api, call } from '../../../lib/api.ts';
import { getT } from '../../../lib/i18n.ts';
import { openEditSignatureOverlay } from '../../../overlays/edit-signature.tsx';
import { useFreshUser } from '../../account/session.ts';
import { storedPreviewUrl } from './preview.ts';

/**
 * `/profile/visual-signature`: the person's visual signatures as they will be stamped (preview
 * images), the default one marked; create, edit (the edit-signature overlay), make default and
 * delete (the delete-signature dialog).
 */
export default function VisualSignatures({ lang }: { lang: TLang }) {
  const t = getT(lang, 'trust');
  const user = useFreshUser();
  const [items, setItems] = useState<TVisualSignature[] | null>(null);
  const [previews, setPreviews] = useState<Record<string, string>>({});

  const load = useCallback(async () => {
    const list = await call(api.listVisualSignatures);
    setItems(list.items);
    const urls: Record<string, string> = {};
    await Promise.all(
      list.items.map(async (v) => {
        const url = await storedPreviewUrl(v.id);
        if (url) urls[v.id] = url;
      }),
    );
    setPreviews((old) => {
      for (const url of Object.values(old)) URL.revokeObjectURL(url);
      return urls;
    });
  }, []);

  useEffect(() => {
    if (user) void load();
  }, [user, load]);

  if (!user || !items) return <p role="status">{t('standards.loading')}</p>;
  const edit = (v: TVisualSignature | null) =>
    openEditSignatureOverlay(t, user, v, () => void load());

  return (
    <div className="tr-stack">
      <p className="tr-lead">{t('visual.lead')}</p>
      <button
        type="button"
        className="btn btn--primary"
        onClick={() => edit(null)}
        data-testid="visual-create"
      >
        {t('visual.create.button')}
      </button>
      {items.length === 0 && <p>{t('visual.none')}</p>}
      <ul className="tr-visuals">
        {items.map((v) => (
          <li key={v.id} className="tr-card" data-testid="visual-signature">
            <h2>
              {v.alias}{' '}
              {v.default && <span className="tr-badge tr-badge--ok">{t('visual.default')}</span>}
            </h2>
            {previews[v.id] && (
              <img
                className="tr-visuals__preview"
                src={previews[v.id]}
                alt={t('visual.previewOf', { alias: v.alias })}
                width={300}
                height={140}
              />
            )}
            <div className="tr-row">
              <button type="button" className="btn btn--secondary" onClick={() => edit(v)}>
                {t('visual.edit.button')}
              </button>
              {!v.default && (
                <button
                  type="button"
                  className="btn btn--text"
                  onClick={() =>
                    void call(api.updateVisualSignature, {
                      params: { id: v.id },
                      body: {
                        alias: v.alias,
                        name: v.name,
                        optionalLine: v.optionalLine,
                        language: v.language,
                        location: v.location,
                        displayDate: v.displayDate,
                        displayClaim: v.displayClaim,
                        displayStandards: v.displayStandards,
                        displayQr: v.displayQr,
                        default: true,
                      },
                    }).then(load)
                  }
                >
                  {t('visual.makeDefault')}
                </button>
              )}
              <button
                type="button"
                className="btn btn--text"
                onClick={() => openDeleteSignatureDialog(t, v, () => void load())}
              >
                {t('visual.delete.button')}
              </button>
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}
