// The favourite control of a card or an offer page (spec §2, §4 'Favourite toggle'). In the build's
// HTML, and for a guest, it is a link to sign-in and back; pressed by a guest once hydrated it opens
// the sign-in prompt. A signed-in user toggles it: the change shows at once and rolls back if the server refuses.
import { useStore } from '@nanostores/react';
import { useState, type MouseEvent } from 'react';
import type { OfferData } from '../../contract/index.ts';
import { openSignInPrompt } from '../ui/sign-in-prompt.ts';
import { localePath } from '../../lib/locale-path.ts';
import { localText } from '../../lib/translated.ts';
import { offerCanonicalPath, signInPath } from '../../lib/site-urls.ts';
import { m } from '../../paraglide/messages.js';
import { $favoriteIds, toggleFavorite } from '../../stores/favorites.ts';
import { $isSignedIn } from '../../stores/session.ts';
import { useHydrated } from '../ui/use-hydrated.ts';
import { useStorePart } from '../ui/use-store-part.ts';
import { favoriteLabel } from './favorite-label.ts';

export function HeartIcon({ filled }: { filled: boolean }) {
  return (
    <svg
      aria-hidden="true"
      width="20"
      height="20"
      viewBox="0 0 24 24"
      fill={filled ? 'currentColor' : 'none'}
      stroke="currentColor"
      strokeWidth="2"
    >
      <path d="M12 21s-7.5-4.6-9.5-9.3C1.1 8.2 3.3 4.5 7 4.5c2 0 3.4 1 5 2.8 1.6-1.8 3-2.8 5-2.8 3.7 0 5.9 3.7 4.5 7.2C19.5 16.4 12 21 12 21z" />
    </svg>
  );
}

interface Props {
  offer: OfferData;
  className?: string;
  showLabel?: boolean;
}

export default function FavoriteButton({ offer, className = 'favorite-toggle', showLabel = false }: Props) {
  const hydrated = useHydrated();
  const signedIn = useStore($isSignedIn) && hydrated;
  const saved = useStorePart($favoriteIds, (ids) => ids.has(offer.offerId)) && signedIn;
  const [busy, setBusy] = useState(false);
  const title = favoriteLabel(saved, localText(offer, 'header').text);

  if (!signedIn) {
    const returnTo = localePath(offerCanonicalPath(offer));
    const prompt = (event: MouseEvent) => {
      event.preventDefault();
      event.stopPropagation(); // a card link around it must not open the offer
      // Pressed between hydration and the first effect, the session decides, not this render.
      if ($isSignedIn.get()) void toggleFavorite(offer);
      else openSignInPrompt(returnTo);
    };
    return (
      <a
        className={className}
        href={localePath(signInPath(returnTo))}
        onClick={prompt}
        aria-label={showLabel ? undefined : title}
        data-favorite-offer={offer.offerId}
      >
        <HeartIcon filled={false} />
        {showLabel && <span>{m.browse_save()}</span>}
      </a>
    );
  }
  const toggle = async (event: MouseEvent) => {
    event.stopPropagation();
    setBusy(true);
    await toggleFavorite(offer);
    setBusy(false);
  };
  return (
    <button
      type="button"
      className={className}
      aria-pressed={saved}
      aria-label={showLabel ? undefined : title}
      aria-busy={busy || undefined}
      onClick={toggle}
      data-favorite-offer={offer.offerId}
    >
      <HeartIcon filled={saved} />
      {showLabel && <span>{saved ? m.browse_saved() : m.browse_save()}</span>}
    </button>
  );
}
