// Image uploads: PNG or JPEG only, recognised by their first bytes rather than a name, capped in
// size, and stored under a generated name.
import { randomUUID } from 'node:crypto';
import { API_IMAGE_PATH, UPLOAD_BYTES_MAX } from '../../contract/limits.ts';
import { failure } from '../errors.ts';

export const imageUrl = (name: string) => API_IMAGE_PATH + name;
/** Names the API generates or the seed writes: no paths, no surprises. */
export const IMAGE_NAME_PATTERN = /^[a-z0-9][a-z0-9-]{0,80}\.(png|jpg|svg|webp)$/;

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const JPEG_SIGNATURE = Buffer.from([0xff, 0xd8, 0xff]);

/** The bytes of a base64 upload (a data: URL prefix allowed), checked for encoding, emptiness and size. */
export function decodeBase64Upload(base64: string, what: 'image' | 'document'): Buffer {
  const payload = base64.replace(/^data:[\w/+.-]+;base64,/, '').replace(/\s+/g, '');
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(payload) || payload.length % 4 === 1)
    throw failure(400, 'upload_not_base64', { what });
  const bytes = Buffer.from(payload, 'base64');
  if (bytes.length === 0) throw failure(400, 'upload_empty', { what });
  if (bytes.length > UPLOAD_BYTES_MAX) throw failure(400, 'upload_too_large', { what });
  return bytes;
}

/** PNG or JPEG, told by the first bytes; undefined for anything else. */
export function imageTypeOf(bytes: Buffer): 'image/png' | 'image/jpeg' | undefined {
  if (bytes.subarray(0, 8).equals(PNG_SIGNATURE)) return 'image/png';
  if (bytes.subarray(0, 3).equals(JPEG_SIGNATURE)) return 'image/jpeg';
  return undefined;
}

export function decodeUploadedImage(base64: string): {
  bytes: Buffer;
  contentType: 'image/png' | 'image/jpeg';
  name: string;
} {
  const bytes = decodeBase64Upload(base64, 'image');
  const contentType = imageTypeOf(bytes);
  if (!contentType) throw failure(400, 'only_images');
  return { bytes, contentType, name: `upload-${randomUUID()}.${contentType === 'image/png' ? 'png' : 'jpg'}` };
}
