// The signed-in user's favourites as the drawer and the mobile overlay list them (spec §2 Home):
// each entry links to its offer and has its favourite control to remove it; the empty state when
// there are none, and a loading line while the first load runs.
import { useEffect, useLayoutEffect, useRef } from 'react';
import type { FavoriteEntryData } from '../../contract/index.ts';
import { apiImageSrc, categoryIconSrc } from '../../lib/api-images.ts';
import { localePath } from '../../lib/locale-path.ts';
import { offerCanonicalPath } from '../../lib/site-urls.ts';
import { m } from '../../paraglide/messages.js';
import type { $favoritesState } from '../../stores/favorites.ts';
import FavoriteButton from '../offer-card/FavoriteButton.tsx';
import '../offer-card/OfferCard.css';

export type FavoritesState = ReturnType<typeof $favoritesState.get>;

interface Props {
  entries: readonly FavoriteEntryData[];
  state: FavoritesState;
}

export default function FavoriteList({ entries, state }: Props) {
  const rootRef = useRef<HTMLDivElement>(null);
  /** The position of the entry whose favourite control was pressed last (it goes when removed). */
  const pressedAt = useRef<number | undefined>(undefined);
  /** Once a list has come, a later load (after a toggle, Refresh) keeps showing it rather than a loading line. */
  const loadedOnce = useRef(false);
  useEffect(() => {
    if (state === 'loaded' || state === 'failed') loadedOnce.current = true;
  }, [state]);

  // A removed entry takes its focused button with it: focus goes to the next entry's button, or
  // to the empty state when none is left.
  useLayoutEffect(() => {
    const index = pressedAt.current;
    pressedAt.current = undefined;
    if (index === undefined || document.activeElement !== document.body) return;
    const buttons = rootRef.current?.querySelectorAll<HTMLElement>('[data-favorite-offer]') ?? [];
    const next =
      buttons[Math.min(index, buttons.length - 1)] ??
      rootRef.current?.querySelector<HTMLElement>('[data-favorites-empty]');
    next?.focus();
  }, [entries]);

  let content;
  if (entries.length === 0 && state === 'loading' && !loadedOnce.current) {
    content = (
      <p className="account-favorites-loading" role="status">
        <span className="account-spinner" aria-hidden="true" />
        {m.account_favorites_loading()}
      </p>
    );
  } else if (entries.length === 0) {
    content = (
      <div className="account-favorites-empty" data-favorites-empty tabIndex={-1}>
        <p className="account-favorites-empty-title">{m.account_favorites_empty_title()}</p>
        <p>{m.account_favorites_empty_text()}</p>
      </div>
    );
  } else {
    content = (
      <ul className="account-favorites" aria-busy={state === 'loading' || undefined}>
        {entries.map((entry, index) => (
          <li
            key={entry.offerId}
            className="account-favorite"
            onClickCapture={(event) => {
              if ((event.target as Element).closest('[data-favorite-offer]')) pressedAt.current = index;
            }}
          >
            <a className="account-favorite-link" href={localePath(offerCanonicalPath(entry))}>
              {entry.bannerImageURL ? (
                <img src={apiImageSrc(entry.bannerImageURL)} alt="" width={96} height={48} loading="lazy" />
              ) : (
                <span className="account-favorite-icon">
                  <img src={categoryIconSrc(entry.category.iconName)} alt="" width={28} height={28} loading="lazy" />
                </span>
              )}
              <span className="account-favorite-text">
                <span className="account-favorite-title">{entry.header}</span>
                <span className="account-favorite-meta">
                  {entry.merchant.merchantName} · {entry.bank.bankName}
                </span>
              </span>
            </a>
            <FavoriteButton offer={entry.offer} />
          </li>
        ))}
      </ul>
    );
  }
  return (
    <div ref={rootRef} className="account-favorites-body">
      {content}
    </div>
  );
}
