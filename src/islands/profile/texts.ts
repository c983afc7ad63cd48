// The profile's texts (spec §2 'Update Mobile Number modal' paragraph and 'Static pages and
// modals', §4 'Image upload', §6), defined once for the panel, its pickers and the crop view.
// Field messages shared with the API are MESSAGES in src/contract/limits.ts.
import { USER_TYPES } from '../../contract/limits.ts';

/** The Profile View modal's title (the header's profile dropdown 'Profile'). */
export const PROFILE_VIEW_TITLE = 'Profile';

/** Spec §6: the profile's label for userType 1 and 2, and the team's 3; anything else shows 'error'. */
export function userTypeLabel(userType: number | string): string {
  const type = Number(userType);
  if (type === USER_TYPES.customer) return 'Customer';
  if (type === USER_TYPES.merchant) return 'Merchant';
  if (type === USER_TYPES.team) return 'Team';
  return 'error';
}

/** Spec §2: a customer's account type; a merchant publishes offers (sign-up's 'I want to publish offers'); the team reviews them. */
export function accountTypeLabel(userType: number | string): string {
  const type = Number(userType);
  if (type === USER_TYPES.merchant) return 'Offer publisher';
  return type === USER_TYPES.team ? 'OfferLanka team' : 'Offer viewer';
}

/** Shown for a profile field that has no value yet. */
export const NOT_ADDED = 'Not added';
/** Spec §2: the business fields are each marked 'unverified' (the team has not reviewed them). */
export const UNVERIFIED = 'unverified';

/** The logo upload's label: a merchant's company logo, a customer's picture. */
export const logoLabel = (userType: number | string) => (Number(userType) === USER_TYPES.merchant ? 'Company logo' : 'Profile picture');

/** The category-interest picker (spec §2 'Static pages and modals'). */
export const TAG_PICKER_TITLE = 'Please select interested area';
export const SAVE_AND_CLOSE = 'Save & close';
export const NO_TAGS = 'No interests chosen yet.';

/** The location picker. */
export const LOCATION_PICKER_TITLE = 'Select your location';
export const LOCATION_SEARCH_LABEL = 'Search locations';
export const noLocationMatches = (query: string) => `No location matches “${query}”.`;

/** The image upload with crop (spec §2, §4, §5: PNG or JPG only, square crop). */
export const CROP_VIEW_TITLE = 'Crop your image';
export const CROP_HINT = 'Drag the image to place it in the square; zoom to fit more or less of it.';
export const UPLOADING = 'Uploading...';
export const UPLOAD_NEW_IMAGE = 'Upload New Image';
export const IMAGE_TYPE_HINT = 'PNG or JPG image.';
export const CHOOSE_PNG_OR_JPG = 'Choose a PNG or JPG image.';
export const IMAGE_UNREADABLE = 'This file could not be opened as an image. Choose a PNG or JPG image.';
