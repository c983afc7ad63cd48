// The offer page's live parts, in plain DOM code: a guest's offer page loads no React at all.
// - One view per page load: an impression, and the offer first in the recently-viewed strips.
// - The views and favourites counts, read fresh after the view is recorded, and after a toggle;
//   a favourite toggled here or in the header's drawer shows at once ($interestChanges). The bank
//   card's favourites count is read fresh too (src/page-scripts/bank-favourites.ts).
// - The favourite control: the build's link to sign-in (it works without JavaScript) opens the
//   sign-in prompt for a guest; for a signed-in user it becomes a toggle button.
// - Share: its code (the share sheet or menu) loads on the first press, as Report's form does.
// - "I'll use this" (an offer with a step): its code loads on the first press, as Report's.
// - 'Report a problem': its form (React, the dialog, valibot's schema, the call) loads on the
//   first press, never with the page.
// - The savings answer, below the offer: its code and the merchant's data load as the visitor nears it.
import type { OfferData } from '../contract/index.ts';
import { fetchOffer, fetchOffersByIds } from '../client/catalogue.ts';
import { openSignInPrompt } from '../islands/ui/sign-in-prompt.ts';
import { showLoadFailure } from '../lib/after-paint.ts';
import { whenNear } from '../lib/when-near.ts';
import { localePath } from '../lib/locale-path.ts';
import { offerCanonicalPath } from '../lib/site-urls.ts';
import { m } from '../paraglide/messages.js';
import { OFFER_DATA_ID } from '../islands/offer/offer-page-data.ts';
import { favouritesText, viewsText } from '../lib/format-offer.ts';
import { recordOfferView } from '../islands/offer/record-view.ts';
import { $favoriteIds, $interestChanges, toggleFavorite } from '../stores/favorites.ts';
import { $isSignedIn } from '../stores/session.ts';
import { showLiveBankFavourites } from './bank-favourites.ts';

/**
 * The offer with its current counts. A listed offer comes from the by-id list, which the API does
 * not cache, so the view just recorded is counted; an ended offer (not listed) from its own answer,
 * whose views may lag by the API's cache time.
 */
async function fetchLiveOffer(offerId: number): Promise<OfferData> {
  const [listed] = await fetchOffersByIds([offerId]);
  return listed ?? fetchOffer(offerId);
}

function startOfferPage(builtOffer: OfferData) {
  const offerId = builtOffer.offerId;
  let offer = builtOffer;
  // The favourites count is the one last read plus the toggles made in this page since that read.
  let interestChangeRead = 0;
  const interestChange = () => $interestChanges.get()[offerId] ?? 0;

  const showCounts = () => {
    for (const element of document.querySelectorAll(`[data-offer-views="${offerId}"]`))
      element.textContent = viewsText(offer.views);
    for (const element of document.querySelectorAll(`[data-offer-favourites="${offerId}"]`)) {
      element.textContent = favouritesText(offer.interest + interestChange() - interestChangeRead);
    }
  };
  const refreshCounts = async () => {
    try {
      const fresh = await fetchLiveOffer(offerId);
      offer = fresh;
      interestChangeRead = interestChange();
      showCounts();
    } catch (error) {
      console.error(`Offer ${offerId}: the counts were not refreshed`, error); // the build's counts stay
    }
  };

  // A module script runs once per page load; a page restored from the back-forward cache is the
  // same view, so it only reads the counts again. The view's calls go in a task of their own, after
  // the controls are wired: on a slow phone, one long task would hold a press made meanwhile.
  setTimeout(() => void recordOfferView(builtOffer).then(refreshCounts), 0);
  addEventListener('pageshow', (event) => {
    if (event.persisted) void refreshCounts();
  });
  $interestChanges.listen(showCounts);
  showLiveBankFavourites(builtOffer.bankId);

  const link = document.querySelector<HTMLAnchorElement>(`a[data-favourite-offer="${offerId}"]`);
  if (link) startFavouriteControl(link, () => offer, refreshCounts);

  // Share: this offer's button, and Top Picks' cards' buttons (OfferCard.tsx).
  document.querySelector<HTMLButtonElement>(`button[data-share-offer="${offerId}"]`)?.removeAttribute('disabled');
  document.addEventListener('click', (event) => {
    const button =
      event.target instanceof Element && event.target.closest<HTMLElement>('[data-share-offer], [data-share-card]');
    if (!button) return;
    import('../islands/offer/share-menu.ts').then(
      (menu) =>
        button.dataset.shareOffer ? menu.share(button, menu.offerShareRequest(offer)) : menu.shareCard(button),
      showLoadFailure,
    );
  });

  // "I'll use this": the sign-in prompt for a guest, else the plan's dialog, loaded on the first press.
  const usePlan = document.querySelector<HTMLButtonElement>(`button[data-use-plan-offer="${offerId}"]`);
  if (usePlan) {
    usePlan.disabled = false;
    usePlan.addEventListener('click', () => {
      import('../islands/plans/open-use-plan.ts').then(
        ({ openUsePlan }) => openUsePlan(offer, (planned) => usePlan.setAttribute('aria-pressed', String(planned))),
        showLoadFailure,
      );
    });
  }

  const report = document.querySelector<HTMLButtonElement>(`button[data-report-offer="${offerId}"]`);
  if (report) {
    report.disabled = false;
    report.addEventListener('click', () => {
      import('../islands/offer/mount-report-problem.tsx').then(
        ({ openReportProblem }) => openReportProblem(offerId),
        showLoadFailure,
      );
    });
  }
}

/**
 * The guest's link and the signed-in user's toggle button take turns in the page as the session
 * comes and goes. The button carries the link's attributes (its class and the style scope) but the
 * href, and the same heart and label.
 */
function startFavouriteControl(
  link: HTMLAnchorElement,
  currentOffer: () => OfferData,
  refreshCounts: () => Promise<void>,
) {
  const offerId = currentOffer().offerId;
  const returnTo = localePath(offerCanonicalPath(currentOffer()));
  const button = document.createElement('button');
  for (const { name, value } of Array.from(link.attributes)) if (name !== 'href') button.setAttribute(name, value);
  button.type = 'button';
  const heart = link.querySelector('svg');
  const label = link.querySelector('span');

  link.addEventListener('click', (event) => {
    event.preventDefault();
    openSignInPrompt(returnTo);
  });
  button.addEventListener('click', async () => {
    if (button.getAttribute('aria-busy') === 'true') return; // one toggle at a time
    button.setAttribute('aria-busy', 'true');
    const result = await toggleFavorite(currentOffer());
    button.removeAttribute('aria-busy');
    if (result === 'signed-out') openSignInPrompt(returnTo);
    else void refreshCounts(); // the server's count, now that the change is saved or rolled back
  });

  const show = () => {
    const signedIn = $isSignedIn.get();
    const [shown, hidden] = signedIn ? [button, link] : [link, button];
    if (!shown.isConnected) {
      const hadFocus = document.activeElement === hidden;
      shown.append(...hidden.childNodes);
      hidden.replaceWith(shown);
      if (hadFocus) shown.focus();
    }
    const saved = signedIn && $favoriteIds.get().has(offerId);
    if (signedIn) button.setAttribute('aria-pressed', String(saved));
    heart?.setAttribute('fill', saved ? 'currentColor' : 'none');
    if (label) label.textContent = saved ? m.browse_saved() : m.browse_save();
  };
  $isSignedIn.subscribe(show);
  $favoriteIds.listen(show);
}

const data = document.getElementById(OFFER_DATA_ID)?.textContent;
// The page's build wrote it from the same contract type.
if (data) startOfferPage(JSON.parse(data) as OfferData);

// Which card saves the most at this merchant: last in its column, below the offer, its code and the
// merchant's data come as the visitor nears it (the part above it: it is hidden until it answers).
const savings = document.querySelector<HTMLElement>('[data-savings-answer]');
if (savings)
  void whenNear(savings)
    .then(() => import('../islands/offer/savings-answer.ts'))
    .then(({ startPageSavingsAnswer }) => startPageSavingsAnswer(savings));
