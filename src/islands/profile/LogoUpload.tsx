// The profile's picture: a merchant's company logo, a customer's profile picture (spec §2, §4
// 'Image upload'). Shows the current one (user.logoUrl); choosing a PNG or JPG opens the crop view,
// which is loaded only then; anything else is refused here with a message.
import { lazy, Suspense, useEffect, useId, useState } from 'react';
import type { UserData } from '../../contract/index.ts';
import { apiImageSrc } from '../../lib/api-images.ts';
import { m } from '../../paraglide/messages.js';
import ImageFileInput from './ImageFileInput.tsx';
import { readImageFile, type ChosenImage } from './logo-image.ts';
import { logoLabel } from './texts.ts';

const LogoCropDialog = lazy(() => import('./LogoCropDialog.tsx'));

interface Props {
  user: UserData;
  /** After an upload: the server's message, for the panel to say. */
  onUploaded: (message: string) => void;
}

export default function LogoUpload({ user, onUploaded }: Props) {
  const id = useId();
  const label = logoLabel(user.userType);
  const [image, setImage] = useState<ChosenImage>();
  const [fileError, setFileError] = useState<string>();

  // The chosen file's object URL lives as long as the crop view shows it.
  useEffect(
    () => () => {
      if (image) URL.revokeObjectURL(image.src);
    },
    [image],
  );

  const choose = async (file: File) => {
    const chosen = await readImageFile(file);
    if ('message' in chosen) return setFileError(chosen.message);
    setFileError(undefined);
    setImage(chosen);
  };

  return (
    <div className="profile-logo">
      <div className="profile-logo-frame">
        {user.logoUrl ? (
          <img src={apiImageSrc(user.logoUrl)} alt={label} width={96} height={96} />
        ) : (
          <span className="profile-logo-initial" aria-hidden="true">
            {user.firstName.slice(0, 1).toUpperCase()}
          </span>
        )}
      </div>
      <div className="profile-logo-text">
        <p className="profile-logo-label">{label}</p>
        <ImageFileInput
          id={`${id}-file`}
          label={user.logoUrl ? m.account_change() : m.account_upload()}
          labelSuffix={label}
          error={fileError}
          onFile={(file) => void choose(file)}
        />
      </div>
      {image && (
        <Suspense
          fallback={
            <p className="profile-status" role="status">
              {m.account_opening_image()}
            </p>
          }
        >
          <LogoCropDialog
            image={image}
            label={label}
            onReplace={setImage}
            onClose={() => setImage(undefined)}
            onUploaded={(message) => {
              setImage(undefined);
              onUploaded(message);
            }}
          />
        </Suspense>
      )}
    </div>
  );
}
