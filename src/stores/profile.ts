// The profile's saves as the signed-in user (spec §7): the interests (tags), the location and the
// logo. Each save keeps the session's user up to date, so the header and every open view show the
// change. Loaded with the profile panel only, never by a guest's page.
import type { KyInstance } from 'ky';
import type * as v from 'valibot';
import { updateLocation, updateTags, uploadImage, type Saved } from '../client/profile.ts';
import type { LocationUpdateRequest } from '../contract/offer-form.ts';
import { sessionApi } from './session-calls.ts';
import { $session, updateSessionUser } from './session.ts';

/** Saves the categories of interest ('Please select interested area'); the session gets the saved user. */
export async function saveTags(tags: readonly number[], api: KyInstance = sessionApi): Promise<Saved> {
  const saved = await updateTags(tags, api);
  updateSessionUser(saved.user);
  return saved;
}

/** Saves the user's location (a town's name, or null to clear it); the session gets the saved user. */
export async function saveLocation(
  location: v.InferInput<typeof LocationUpdateRequest>['location'],
  api: KyInstance = sessionApi,
): Promise<Saved> {
  const saved = await updateLocation(location, api);
  updateSessionUser(saved.user);
  return saved;
}

/**
 * Uploads the cropped logo (a PNG or JPEG, as a data URL or bare base64). The server sets it as
 * the user's logoUrl at once; the session's user gets the same url, so no second call is needed.
 */
export async function uploadLogo(
  base64: string,
  api: KyInstance = sessionApi,
): Promise<{ message: string; url: string }> {
  const uploaded = await uploadImage(base64, api);
  const user = $session.get()?.user;
  if (user) updateSessionUser({ ...user, logoUrl: uploaded.url });
  return uploaded;
}
