// A new password with its strength meter and its confirmation: sign-up step 3 and reset step 2.
// The form owns the values, the score (useStrength) and which messages show.
import { PASSWORD_MAX } from '../../contract/index.ts';
import { m } from '../../paraglide/messages.js';
import { PasswordField, StrengthMeter } from './fields.tsx';

export type NewPasswordField = 'password' | 'confirmPassword';

interface NewPasswordFieldsProps {
  idPrefix: string;
  values: Record<NewPasswordField, string>;
  score: number | undefined;
  errors: Partial<Record<NewPasswordField, string>>;
  onChange: (name: NewPasswordField, value: string) => void;
  onBlur: (name: NewPasswordField) => void;
}

export default function NewPasswordFields({
  idPrefix,
  values,
  score,
  errors,
  onChange,
  onBlur,
}: NewPasswordFieldsProps) {
  return (
    <>
      <PasswordField
        id={`${idPrefix}-password`}
        label={m.account_password()}
        name="password"
        autoComplete="new-password"
        maxLength={PASSWORD_MAX}
        hint={m.account_new_password_hint()}
        value={values.password}
        error={errors.password}
        onChange={(event) => onChange('password', event.target.value)}
        onBlur={() => onBlur('password')}
      />
      <StrengthMeter id={`${idPrefix}-strength`} score={score} />
      <PasswordField
        id={`${idPrefix}-confirm`}
        label={m.account_confirm_password()}
        name="confirmPassword"
        autoComplete="new-password"
        maxLength={PASSWORD_MAX}
        value={values.confirmPassword}
        error={errors.confirmPassword}
        onChange={(event) => onChange('confirmPassword', event.target.value)}
        onBlur={() => onBlur('confirmPassword')}
      />
    </>
  );
}
