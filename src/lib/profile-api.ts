// The profile's calls (spec §7, docs/api.md §5, §6, §11): the categories and towns the pickers
// offer, and, as the signed-in user, saving the interests (tags), the location and the logo. Each
// save keeps the session's user up to date, so the header and every open view show the change.
// Loaded with the profile panel only, never by a guest's page.
import * as v from 'valibot';
import { User, type UserData } from '../contract/index.ts';
import type { LocationUpdateRequest } from '../contract/offer-form.ts';
import { $session, updateSessionUser } from '../stores/session.ts';
import { mainApi, readAnswer } from './api-client.ts';
import { sessionApi } from './session-api.ts';

export { failureText } from './api-client.ts';
export { fetchCategories, fetchLocations, type LocationData } from './catalogue-lists.ts';

const UserSaved = v.object({ status: v.literal(true), message: v.string(), data: User });
const ImageUploaded = v.object({
  status: v.literal(true),
  message: v.string(),
  data: v.object({ pictureName: v.string(), url: v.string() }),
});

/** What a save answers: the server's message to show, and the saved user. */
export interface Saved { message: string; user: UserData }

/** Saves the categories of interest ('Please select interested area'); the session gets the saved user. */
export async function saveTags(tags: readonly number[], api = sessionApi): Promise<Saved> {
  const answer = await readAnswer(UserSaved, api.post('user/tag/update', { json: { tags } }));
  updateSessionUser(answer.data);
  return { message: answer.message, user: answer.data };
}

/** Saves the user's location (a town's name, or null to clear it); the session gets the saved user. */
export async function saveLocation(location: v.InferInput<typeof LocationUpdateRequest>['location'], api = sessionApi): Promise<Saved> {
  const answer = await readAnswer(UserSaved, api.post('user/location/update', { json: { location } }));
  updateSessionUser(answer.data);
  return { message: answer.message, user: answer.data };
}

/**
 * Uploads the cropped logo (a PNG or JPEG, as a data URL or bare base64). The server sets it as
 * the user's logoUrl at once; the session's user gets the same url, so no second call is needed.
 */
export async function uploadLogo(base64: string, api = sessionApi): Promise<{ message: string; url: string }> {
  const answer = await readAnswer(ImageUploaded, api.post('temp/image/upload', { json: { base64 } }));
  const user = $session.get()?.user;
  if (user) updateSessionUser({ ...user, logoUrl: answer.data.url });
  return { message: answer.message, url: answer.data.url };
}
