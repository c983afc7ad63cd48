// zxcvbn (about 400 KB) scores a new password 0-4 as the server does (spec §5). It loads on first
// use only, when a password step opens, never with the rest of the account islands.
import { useEffect, useState } from 'react';
import type zxcvbnType from 'zxcvbn';

type Zxcvbn = typeof zxcvbnType;
let loading: Promise<Zxcvbn> | undefined;

export const loadZxcvbn = (): Promise<Zxcvbn> => (loading ??= import('zxcvbn').then((module) => module.default));

/** The score of `password`, judged with `knownWords` (first name, number) as the server judges it. */
export async function passwordScore(password: string, knownWords: string[]): Promise<number> {
  return (await loadZxcvbn())(password, knownWords).score;
}

/** The live score for the meter: undefined until zxcvbn has loaded or while the field is empty. */
export function useStrength(password: string, knownWords: string[]): number | undefined {
  const [zxcvbn, setZxcvbn] = useState<Zxcvbn>();
  useEffect(() => {
    let mounted = true;
    void loadZxcvbn().then((loaded) => {
      if (mounted) setZxcvbn(() => loaded);
    });
    return () => {
      mounted = false;
    };
  }, []);
  return zxcvbn && password ? zxcvbn(password, knownWords).score : undefined;
}
