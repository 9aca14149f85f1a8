import { ApiError } from '@signet/shared/api/browser';
import type { TUser } from '@signet/shared/user/user.schema';
import {
  SIGNATURE_IMAGE_LIMITS,
  STAMP_LANGS,
} from '@signet/shared/visual-signature/visual-signature.constants';
import type {
  TVisualSignature,
  TVisualSignatureInput,
} from '@signet/shared/visual-signature/visual-signature.schema';
import { useEffect, useId, useRef, useState } from 'react';
import { unsavedPreviewUrl } from '../islands/trust/visual/preview.ts';
import { type PadHandle, SignaturePad } from '../islands/trust/visual/SignaturePad.tsx';
import { api, call, upload } from '../lib/api.ts';
import { errorMessage } from '../lib/errors.ts';
import type { TFunction } from '../lib/i18n.ts';
import { type OverlayContext, openOverlay } from '../stores/modals.ts';

type Values = Required<
  Omit<TVisualSignatureInput, 'default' | 'quality' | 'legislation' | 'provider'>
> & {
  optionalLine: string;
  location: string;
};

type Image = { kind: 'keep' } | { kind: 'none' } | { kind: 'draw' } | { kind: 'file'; file: File };
type EditState = { image: Image; pad: PadHandle | null; error: string | null };

/**
 * The edit-signature overlay (spec section 2): a visual signature's words, the parts of the stamp
 * it shows (a business may lock some: they are shown but cannot be changed), and its image —
 * drawn on the pad or uploaded — with a live preview of the stamp. `complete` saves it (and its
 * image) and closes.
 */
export function openEditSignatureOverlay(
  t: TFunction,
  user: TUser,
  existing: TVisualSignature | null,
  onSaved: () => void,
): number {
  const values: Values = {
    alias: existing?.alias ?? t('visual.defaultAlias'),
    name: existing?.name ?? `${user.firstName} ${user.lastName}`.trim(),
    optionalLine: existing?.optionalLine ?? '',
    language: existing?.language ?? (user.attributes.lang as Values['language']),
    location: existing?.location ?? '',
    displayDate:
      existing?.displayDate ?? user.visualSignaturePermissions?.date.defaultValue ?? true,
    displayClaim:
      existing?.displayClaim ?? user.visualSignaturePermissions?.claim.defaultValue ?? true,
    displayStandards:
      existing?.displayStandards ?? user.visualSignaturePermissions?.std.defaultValue ?? true,
    displayQr: existing?.displayQr ?? false,
  };
  const state: EditState = {
    image: existing?.hasCustomImage ? { kind: 'keep' } : { kind: 'none' },
    pad: null,
    error: null,
  };
  return openOverlay({
    name: 'edit-signature',
    content: (o) => (
      <EditBody t={t} o={o} user={user} existing={existing} values={values} state={state} />
    ),
    actions: {
      complete: async () => {
        state.error = null;
        if (values.alias.trim() === '' || values.name.trim() === '') {
          state.error = t('account:form.required');
          throw new Error(state.error);
        }
        const body = {
          ...values,
          optionalLine: values.optionalLine.trim() || null,
          location: values.location.trim() || null,
        };
        try {
          const saved = existing
            ? await call(api.updateVisualSignature, { params: { id: existing.id }, body })
            : await call(api.createVisualSignature, { body });
          const blob =
            state.image.kind === 'file'
              ? state.image.file
              : state.image.kind === 'draw'
                ? await state.pad?.toBlob()
                : null;
          if (blob) {
            await upload(api.uploadSignatureImage, {
              params: { id: saved.id },
              file: blob,
              fileName: 'signature.png',
            }).promise;
          } else if (state.image.kind === 'none' && existing?.hasCustomImage) {
            await call(api.deleteSignatureImage, { params: { id: saved.id } });
          }
        } catch (e) {
          state.error = errorMessage(t, ApiError.of(e));
          throw new Error(state.error);
        }
        onSaved();
      },
    },
  });
}

function EditBody({
  t,
  o,
  user,
  existing,
  values,
  state,
}: {
  t: TFunction;
  o: OverlayContext;
  user: TUser;
  existing: TVisualSignature | null;
  values: Values;
  state: EditState;
}) {
  const id = useId();
  const [v, setV] = useState(values);
  const [image, setImage] = useState<Image['kind']>(state.image.kind);
  const [preview, setPreview] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const permissions = user.visualSignaturePermissions;

  const set = <K extends keyof Values>(key: K, value: Values[K]) => {
    values[key] = value;
    setV({ ...values });
  };

  useEffect(() => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      if (v.alias.trim() === '' || v.name.trim() === '') return;
      void unsavedPreviewUrl({
        ...v,
        optionalLine: v.optionalLine.trim() || null,
        location: v.location.trim() || null,
        imageOf: image === 'keep' && existing ? existing.id : null,
      })
        .then((url) =>
          setPreview((old) => {
            if (old) URL.revokeObjectURL(old);
            return url;
          }),
        )
        .catch(() => {});
    }, 300);
    return () => clearTimeout(timer.current);
  }, [v, image, existing]);

  const text = (
    key: 'alias' | 'name' | 'optionalLine' | 'location',
    max: number,
    autoComplete?: string,
  ) => (
    <div className="acc-field">
      <label htmlFor={`${id}-${key}`}>{t(`visual.field.${key}`)}</label>
      <input
        id={`${id}-${key}`}
        value={v[key]}
        maxLength={max}
        {...(autoComplete ? { autoComplete } : {})}
        onChange={(e) => set(key, e.currentTarget.value)}
      />
    </div>
  );
  const flag = (
    key: 'displayDate' | 'displayClaim' | 'displayStandards' | 'displayQr',
    permission?: 'date' | 'claim' | 'std',
  ) => {
    const locked = permission ? permissions?.[permission].canUpdate === false : false;
    return (
      <label className="tr-choice">
        <input
          type="checkbox"
          checked={v[key]}
          disabled={locked}
          onChange={(e) => set(key, e.currentTarget.checked)}
        />
        {t(`visual.field.${key}`)}
        {locked && <span className="tr-muted"> {t('visual.locked')}</span>}
      </label>
    );
  };

  return (
    <div className="rq-overlay" data-testid="edit-signature">
      <form
        className="rq-overlay__box rq-overlay__box--wide acc-form"
        noValidate
        aria-labelledby={`${id}-title`}
        onSubmit={(e) => {
          e.preventDefault();
          setError(null);
          void o.run('complete').then((ok) => {
            if (!ok) setError(state.error ?? t('visual.saveFailed'));
          });
        }}
      >
        <h1 id={`${id}-title`}>{existing ? t('visual.edit.title') : t('visual.create.title')}</h1>
        <div className="tr-edit">
          <div className="tr-stack">
            {text('alias', 60)}
            {text('name', 100, 'name')}
            {text('optionalLine', 100, 'organization')}
            {text('location', 60, 'address-level2')}
            <div className="acc-field">
              <label htmlFor={`${id}-language`}>{t('visual.field.language')}</label>
              <select
                id={`${id}-language`}
                value={v.language}
                onChange={(e) => set('language', e.currentTarget.value as Values['language'])}
              >
                {STAMP_LANGS.map((l) => (
                  <option key={l} value={l}>
                    {t(`visual.lang.${l}`)}
                  </option>
                ))}
              </select>
            </div>
            <fieldset className="tr-choices">
              <legend>{t('visual.show')}</legend>
              {flag('displayDate', 'date')}
              {flag('displayClaim', 'claim')}
              {flag('displayStandards', 'std')}
              {flag('displayQr')}
            </fieldset>
          </div>
          <div className="tr-stack">
            <fieldset className="tr-choices">
              <legend>{t('visual.image')}</legend>
              {(['keep', 'draw', 'file', 'none'] as const)
                .filter((k) => k !== 'keep' || existing?.hasCustomImage)
                .map((k) => (
                  <label key={k} className="tr-choice">
                    <input
                      type="radio"
                      name={`${id}-image`}
                      checked={image === k}
                      onChange={() => {
                        setImage(k);
                        if (k !== 'file') state.image = { kind: k } as Image;
                      }}
                    />
                    {t(`visual.imageKind.${k}`)}
                  </label>
                ))}
            </fieldset>
            {image === 'draw' && (
              <>
                <SignaturePad label={t('visual.pad')} onReady={(pad) => (state.pad = pad)} />
                <button type="button" className="btn btn--text" onClick={() => state.pad?.clear()}>
                  {t('visual.clear')}
                </button>
              </>
            )}
            {image === 'file' && (
              <div className="acc-field">
                <label htmlFor={`${id}-file`}>{t('visual.file')}</label>
                <input
                  id={`${id}-file`}
                  type="file"
                  accept={SIGNATURE_IMAGE_LIMITS.mediaTypes.join(',')}
                  onChange={(e) => {
                    const file = e.currentTarget.files?.[0];
                    if (file) state.image = { kind: 'file', file };
                  }}
                />
              </div>
            )}
            <figure className="tr-preview">
              {preview ? (
                <img src={preview} alt={t('visual.previewAlt')} width={300} height={140} />
              ) : (
                <div className="tr-preview__empty" />
              )}
              <figcaption>{t('visual.preview')}</figcaption>
            </figure>
          </div>
        </div>
        {error && (
          <p className="tr-error" role="alert">
            {error}
          </p>
        )}
        <div className="rq-overlay__actions">
          <button
            type="button"
            className="btn btn--text"
            disabled={o.loading !== null}
            onClick={o.close}
          >
            {t('dialog.cancel')}
          </button>
          <button type="submit" className="btn btn--primary" disabled={o.loading !== null}>
            {t('visual.save')}
          </button>
        </div>
      </form>
    </div>
  );
}
