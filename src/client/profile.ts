// The profile's saves (spec §7, docs/api.md §5, §6, §11): the interests (tags), the location and
// the logo. Each takes an api carrying the session's token; keeping the session's user up to date
// with the answer is src/stores/profile.ts's part. The pickers' lists are in catalogue-lists.ts.
import type { KyInstance } from 'ky';
import type * as v from 'valibot';
import { ImageUploadResponse, UserSavedResponse, type UserData } from '../contract/index.ts';
import type { LocationUpdateRequest } from '../contract/offer-form.ts';
import { readAnswer } from './http.ts';

/** What a save answers: the server's message to show, and the saved user. */
export interface Saved {
  message: string;
  user: UserData;
}

/** Saves the categories of interest ('Please select interested area'). */
export async function updateTags(tags: readonly number[], api: KyInstance): Promise<Saved> {
  const answer = await readAnswer(UserSavedResponse, api.post('user/tag/update', { json: { tags } }));
  return { message: answer.message, user: answer.data };
}

/** Saves the user's location (a town's name, or null to clear it). */
export async function updateLocation(
  location: v.InferInput<typeof LocationUpdateRequest>['location'],
  api: KyInstance,
): Promise<Saved> {
  const answer = await readAnswer(UserSavedResponse, api.post('user/location/update', { json: { location } }));
  return { message: answer.message, user: answer.data };
}

/**
 * Uploads an image (a PNG or JPEG, as a data URL or bare base64). The server sets it as the
 * user's logoUrl at once, and answers its url.
 */
export async function uploadImage(base64: string, api: KyInstance): Promise<{ message: string; url: string }> {
  const answer = await readAnswer(ImageUploadResponse, api.post('temp/image/upload', { json: { base64 } }));
  return { message: answer.message, url: answer.data.url };
}
