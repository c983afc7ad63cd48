// The offer's banner in step 3: a PNG or JPG chosen from the device, read as a data: URL that the
// form sends with the offer (the server checks its bytes, as every image upload), with a preview.
// A file that is not PNG or JPG by type and name, or over the upload cap, is refused here at once.
import { useState, type ChangeEvent } from 'react';
import { UPLOAD_BYTES_MAX } from '../../../contract/limits.ts';
import { m } from '../../../paraglide/messages.js';
import { IMAGE_ACCEPT, isAcceptedImageFile } from '../../profile/logo-image.ts';
import { fieldId, type StepProps } from './step-props.ts';

const readAsDataUrl = (file: File) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });

export default function BannerField({ values, set, shown, touch }: StepProps) {
  const id = fieldId('bannerImage');
  const [refused, setRefused] = useState<string>();
  const error = refused ?? shown('bannerImage');

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = ''; // the same file may be chosen again after a refusal
    if (!file) return;
    touch('bannerImage');
    if (!isAcceptedImageFile(file)) return setRefused(m.account_choose_png_or_jpg());
    if (file.size > UPLOAD_BYTES_MAX) return setRefused(m.error_upload_too_large({ what: 'image' }));
    setRefused(undefined);
    set('bannerImage', await readAsDataUrl(file));
  };

  return (
    <div className="auth-field offer-banner">
      <label htmlFor={id}>{m.console_banner_image()}</label>
      <input
        id={id}
        type="file"
        accept={IMAGE_ACCEPT}
        onChange={(event) => void choose(event)}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
      />
      <p className="auth-hint" id={`${id}-hint`}>
        {m.console_banner_hint()}
      </p>
      {error && (
        <p className="auth-error" id={`${id}-error`}>
          {error}
        </p>
      )}
      {values.bannerImage && (
        <p className="offer-banner-chosen">
          <img src={values.bannerImage} alt={m.console_banner_preview()} />
          <button type="button" className="button secondary" onClick={() => set('bannerImage', '')}>
            {m.console_banner_remove()}
          </button>
        </p>
      )}
    </div>
  );
}
