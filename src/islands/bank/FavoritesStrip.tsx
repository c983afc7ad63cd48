// 'Your favourites' on a bank page (spec §2 'Bank offers page', §9): the signed-in user's favourite
// offers as cards, 3 until 'View all' ('View less' folds them again). Nothing for a guest, and
// nothing in the build's HTML: favourites are known only in the browser.
import { useStore } from '@nanostores/react';
import { useId, useState } from 'react';
import { $favorites } from '../../stores/favorites.ts';
import { $isSignedIn } from '../../stores/session.ts';
import { RECENT_SHOWN } from '../../lib/constants.ts';
import { m } from '../../paraglide/messages.js';
import OfferCard from '../offer-card/OfferCard.tsx';
import { useHydrated } from '../ui/use-hydrated.ts';
import Stylesheets from '../ui/Stylesheets.tsx';
import stripCss from './FavoritesStrip.css?url';

export default function FavoritesStrip() {
  const hydrated = useHydrated();
  const signedIn = useStore($isSignedIn);
  const favorites = useStore($favorites);
  const [expanded, setExpanded] = useState(false);
  const id = useId();
  if (!hydrated || !signedIn || favorites.length === 0) return null;
  const shown = expanded ? favorites : favorites.slice(0, RECENT_SHOWN);
  return (
    <section className="favorites-strip" aria-labelledby={`${id}-heading`}>
      <Stylesheets hrefs={[stripCss]} />
      <div className="favorites-strip-head">
        <h2 id={`${id}-heading`}>
          {m.browse_your_favourites()} <span className="favorites-strip-count">({favorites.length})</span>
        </h2>
        {favorites.length > RECENT_SHOWN && (
          <button
            type="button"
            className="favorites-strip-toggle"
            aria-expanded={expanded}
            aria-controls={`${id}-cards`}
            onClick={() => setExpanded(!expanded)}
          >
            {expanded ? m.browse_view_less() : m.browse_view_all()}
          </button>
        )}
      </div>
      <div id={`${id}-cards`} className="grid favorites-strip-cards">
        {shown.map((entry) => (
          <OfferCard key={entry.offerId} offer={entry.offer} />
        ))}
      </div>
    </section>
  );
}
