// The logo upload's file input (spec §5: PNG or JPG only): a label styled as a button, the input
// itself visually hidden but focusable, the hint and the message of a refused file tied to it.
// The same file may be chosen again after a refusal (the input is emptied after each choice).
import type { ChangeEvent } from 'react';
import { m } from '../../paraglide/messages.js';
import { IMAGE_ACCEPT } from './logo-image.ts';

interface Props {
  id: string;
  /** The button's text, and what a screen reader hears after it (e.g. 'Upload' + 'Company logo'). */
  label: string;
  labelSuffix?: string;
  error?: string;
  disabled?: boolean;
  secondary?: boolean;
  onFile: (file: File) => void;
}

export default function ImageFileInput({ id, label, labelSuffix, error, disabled, secondary = true, onFile }: Props) {
  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (file) onFile(file);
  };
  return (
    <div className="profile-file">
      <input
        id={id}
        type="file"
        className="profile-file-input"
        accept={IMAGE_ACCEPT}
        disabled={disabled}
        onChange={choose}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
      />
      <label htmlFor={id} className={`button${secondary ? ' secondary' : ''}${disabled ? ' is-disabled' : ''}`}>
        {label}
        {labelSuffix && <span className="visually-hidden"> {labelSuffix}</span>}
      </label>
      <p className="profile-hint" id={`${id}-hint`}>
        {m.account_image_type_hint()}
      </p>
      {error && (
        <p className="profile-error" id={`${id}-error`}>
          {error}
        </p>
      )}
    </div>
  );
}
