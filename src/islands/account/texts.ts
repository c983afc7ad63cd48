// The signed-in header's texts from the spec (§2 Header, Home, 'Update Mobile Number modal'),
// defined once for the drawer, the mobile overlays and the bank page's favourites strip.

/** The favourites drawer's title (desktop) and the mobile overlay's (spec §2 Home). */
export const FAVORITES_DRAWER_TITLE = 'My Favorite offers';
export const FAVORITES_OVERLAY_TITLE = 'My Favorite List';
/** The empty state of both (spec §2 Home). */
export const FAVORITES_EMPTY_TITLE = "It looks like you don't have any favorite offers yet.";
export const FAVORITES_EMPTY_TEXT = 'Explore our available offers and select your favorites!';
