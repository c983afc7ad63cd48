// The image upload's crop view (spec §2 'image upload with crop (Save, Upload New Image, Close)',
// §4 'Image upload', §5 'Crop square, initial 100px'). react-easy-crop shows the chosen image under
// a square; the crop opens on the whole image (zoom 1, the square its shorter side) and the zoom
// slider (or the wheel, a pinch, the arrow keys) goes in, down to 100 of its pixels. Save draws the square on a canvas and
// uploads it as a PNG, saying 'Uploading...' meanwhile; a refusal is said here with the server's
// words (DECISIONS.md: image-upload failures show a message). Loaded only when an image is chosen,
// so react-easy-crop is in no page's code until then.
import { useEffect, useId, useState } from 'react';
import Cropper, { type Area, type Point } from 'react-easy-crop';
// Its stylesheet as a file of the build: by default react-easy-crop writes it into a <style> element
// at run time, which the Content-Security-Policy refuses.
import cropCss from 'react-easy-crop/react-easy-crop.css?url';
import { ApiError, failureText } from '../../client/http.ts';
import { m } from '../../paraglide/messages.js';
import { showNotice } from '../../stores/notices.ts';
import { uploadLogo } from '../../stores/profile.ts';
import TitledDialog from '../ui/TitledDialog.tsx';
import ImageFileInput from './ImageFileInput.tsx';
import { cropToPngDataUrl, initialCropArea, maxZoomFor, readImageFile, type ChosenImage } from './logo-image.ts';
import Stylesheets from '../ui/Stylesheets.tsx';

interface Props {
  image: ChosenImage;
  /** 'Company logo' or 'Profile picture'. */
  label: string;
  /** Upload New Image chose another file: the owner swaps it in (and lets go of the old one). */
  onReplace: (image: ChosenImage) => void;
  onClose: () => void;
  /** After the upload: the server's message, for the panel to say. */
  onUploaded: (message: string) => void;
}

export default function LogoCropDialog({ image, label, onReplace, onClose, onUploaded }: Props) {
  const id = useId();
  const [crop, setCrop] = useState<Point>({ x: 0, y: 0 });
  const [zoom, setZoom] = useState(1);
  const [area, setArea] = useState<Area>();
  const [uploading, setUploading] = useState(false);
  const [failure, setFailure] = useState<string>();
  const [fileError, setFileError] = useState<string>();
  const maxZoom = maxZoomFor(image);
  // The cropper measures its box when it mounts: only once the <dialog> is open (the Dialog's own
  // effect, which runs before this one, opened it). Measured while closed, the box is 0×0 and the zoom NaN.
  const [dialogShown, setDialogShown] = useState(false);
  useEffect(() => setDialogShown(true), []);

  const replace = async (file: File) => {
    const chosen = await readImageFile(file);
    if ('message' in chosen) return setFileError(chosen.message);
    setFileError(undefined);
    setFailure(undefined);
    setArea(undefined);
    onReplace(chosen);
  };

  const save = async () => {
    if (!area || uploading) return;
    setUploading(true);
    setFailure(undefined);
    try {
      const { message } = await uploadLogo(cropToPngDataUrl(image.element, area));
      onUploaded(message);
    } catch (error) {
      // A 401 has ended the session, and this view goes with the profile: the notice says why.
      if (error instanceof ApiError && error.status === 401)
        showNotice({ kind: 'danger', title: label, text: error.message });
      setFailure(failureText(error));
      setUploading(false);
    }
  };

  return (
    <TitledDialog
      open
      onClose={onClose}
      dismissible={!uploading}
      className="profile-dialog profile-crop-dialog"
      title={m.account_crop_title()}
      closeButton="none"
    >
      <Stylesheets hrefs={[cropCss]} />
      <p className="profile-hint" id={`${id}-hint`}>
        {m.account_crop_hint()}
      </p>
      <div className="profile-cropper" aria-busy={uploading || undefined}>
        {dialogShown && (
          <Cropper
            key={image.src}
            image={image.src}
            crop={crop}
            zoom={zoom}
            aspect={1}
            minZoom={1}
            maxZoom={maxZoom}
            disableAutomaticStylesInjection
            initialCroppedAreaPixels={initialCropArea(image)}
            onCropChange={setCrop}
            onZoomChange={setZoom}
            onCropComplete={(_, pixels) => setArea(pixels)}
            mediaProps={{ alt: m.account_crop_image_alt({ label: label.toLowerCase() }) }}
            cropperProps={{
              role: 'group',
              'aria-label': m.account_crop_square({ label }),
              'aria-describedby': `${id}-hint`,
            }}
          />
        )}
      </div>
      <div className="profile-field profile-zoom">
        <label htmlFor={`${id}-zoom`}>{m.account_zoom()}</label>
        <input
          id={`${id}-zoom`}
          type="range"
          min={1}
          max={maxZoom}
          step={(maxZoom - 1) / 100 || 0.01}
          value={zoom}
          onChange={(event) => setZoom(Number(event.target.value))}
          disabled={uploading}
        />
      </div>
      {failure && (
        <p className="profile-failure" role="alert">
          {failure}
        </p>
      )}
      {uploading && (
        <p className="visually-hidden" role="status">
          {m.account_uploading()}
        </p>
      )}
      <div className="profile-actions">
        <button
          type="button"
          className="button"
          onClick={() => void save()}
          disabled={uploading || !area}
          aria-busy={uploading || undefined}
        >
          {uploading ? m.account_uploading() : m.account_save()}
        </button>
        <ImageFileInput
          id={`${id}-new`}
          label={m.account_upload_new_image()}
          error={fileError}
          disabled={uploading}
          onFile={(file) => void replace(file)}
        />
        <button type="button" className="button secondary" onClick={onClose} disabled={uploading}>
          {m.account_close()}
        </button>
      </div>
    </TitledDialog>
  );
}
