// The favourite control's name on a card, shared by FavoriteButton.tsx and the cards the build wrote
// as plain HTML (src/page-scripts/static-cards.ts).
import { m } from '../../paraglide/messages.js';

export const favoriteLabel = (saved: boolean, header: string) =>
  saved ? m.browse_remove_from_favourites({ title: header }) : m.browse_save_to_favourites({ title: header });
