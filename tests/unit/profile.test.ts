// The profile's pieces that need no browser: its labels (spec §6), the logo upload's file check
// and crop geometry (spec §5 'Crop square, initial 100px', read as how far it zooms in), and the profile calls against the
// real app (src/stores/profile.ts): each save updates the session's user, and each refusal comes
// back as an ApiError with the server's message, leaving the session's user as it was.
import './test-storage.ts'; // first: the stores below are created on it
import { cleanTestStorage } from '@nanostores/persistent';
import { deflateSync } from 'node:zlib';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  initialCropArea,
  isAcceptedImageFile,
  LOGO_MAX_SIDE,
  maxZoomFor,
  outputSide,
  SMALLEST_CROP_PIXELS,
} from '../../src/islands/profile/logo-image.ts';
import { getInitialCropFromCroppedAreaPixels } from 'react-easy-crop';
import { accountTypeLabel, logoLabel, userTypeLabel } from '../../src/islands/profile/texts.ts';
import { ApiError } from '../../src/client/http.ts';
import { fetchCategories, fetchLocations } from '../../src/client/catalogue-lists.ts';
import { saveLocation, saveTags, uploadLogo } from '../../src/stores/profile.ts';
import { createApp } from '../../src/server/app.ts';
import { $session, $user, endSession, startSession } from '../../src/stores/session.ts';
import { createTestApi, fetchFromApp, signUpVerified, type TestApi } from '../api/harness.ts';
import { ERROR_CODES } from '../../src/contract/error-codes.ts';

vi.mock('../../src/lib/public-config.ts', () => ({
  PUBLIC_API_URL: 'http://offerlanka.test/api',
  PUBLIC_INSIGHT_URL: 'http://offerlanka.test/insight',
  PUBLIC_DEMO_API_URL: 'http://offerlanka.test/demo',
}));

describe('profile labels (spec §6)', () => {
  it("labels userType 1 'Customer', 2 'Merchant' (number or text), anything else 'error'", () => {
    expect([1, '1', 2, '2', 3, 0, 4, 'x'].map(userTypeLabel)).toEqual([
      'Customer',
      'Customer',
      'Merchant',
      'Merchant',
      'Team',
      'error',
      'error',
      'error',
    ]);
  });
  it("calls a customer an 'Offer viewer', and names the picture by account type", () => {
    expect(accountTypeLabel(1)).toBe('Offer viewer');
    expect(accountTypeLabel(2)).toBe('Offer publisher');
    expect(accountTypeLabel(3)).toBe('OfferLanka team');
    expect(logoLabel(2)).toBe('Company logo');
    expect(logoLabel(1)).toBe('Profile picture');
  });
});

describe('the logo file and its crop', () => {
  it('takes PNG or JPG only, by type and by name', () => {
    const accepted = [
      ['a.png', 'image/png'],
      ['B.JPG', 'image/jpeg'],
      ['c.jpeg', 'image/jpeg'],
    ];
    const refused = [
      ['a.gif', 'image/gif'],
      ['a.svg', 'image/svg+xml'],
      ['a.png', ''],
      ['a.txt', 'image/png'],
      ['a.png', 'text/plain'],
      ['png', 'image/png'],
    ];
    for (const [name, type] of accepted) expect(isAcceptedImageFile({ name: name!, type: type! }), name).toBe(true);
    for (const [name, type] of refused)
      expect(isAcceptedImageFile({ name: name!, type: type! }), `${name} ${type}`).toBe(false);
  });

  it('starts on the whole image: a centred square of its shorter side', () => {
    expect(initialCropArea({ width: 400, height: 300 })).toEqual({ x: 50, y: 0, width: 300, height: 300 });
    expect(initialCropArea({ width: 60, height: 80 })).toEqual({ x: 0, y: 10, width: 60, height: 60 });
    expect(initialCropArea({ width: 500, height: 500 })).toEqual({ x: 0, y: 0, width: 500, height: 500 });
  });

  it('opens at zoom 1, the image fitted in the cropper as react-easy-crop reads the initial crop', () => {
    // A 400×300 logo fitted (object fit contain) in a 320-pixel box: shown 320×240, the crop square 240.
    const image = { width: 400, height: 300 };
    const shown = { width: 320, height: 240, naturalWidth: image.width, naturalHeight: image.height };
    const { zoom, crop } = getInitialCropFromCroppedAreaPixels(
      initialCropArea(image),
      shown,
      0,
      { width: 240, height: 240 },
      1,
      maxZoomFor(image),
    );
    expect(zoom).toBe(1);
    expect(crop).toEqual({ x: 0, y: 0 });
  });

  it(`zooms in until the square holds ${SMALLEST_CROP_PIXELS} of the image's pixels, and at least 3×`, () => {
    expect(maxZoomFor({ width: 400, height: 300 })).toBe(3);
    expect(maxZoomFor({ width: 4000, height: 3000 })).toBe(30);
    expect(maxZoomFor({ width: 50, height: 50 })).toBe(3);
  });

  it(`uploads the crop at its own size, up to ${LOGO_MAX_SIDE} pixels a side`, () => {
    expect(outputSide({ x: 0, y: 0, width: 100, height: 100 })).toBe(100);
    expect(outputSide({ x: 0, y: 0, width: 299.6, height: 299.6 })).toBe(300);
    expect(outputSide({ x: 0, y: 0, width: 3000, height: 3000 })).toBe(LOGO_MAX_SIDE);
  });
});

/** A 2×2 PNG: the smallest real image the server takes. */
function tinyPngBase64(): string {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (bytes: Buffer) => {
    let c = 0xffffffff;
    for (const byte of bytes) c = crcTable[(c ^ byte) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type), data]);
    const out = Buffer.alloc(body.length + 8);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc(body), body.length + 4);
    return out;
  };
  const header = Buffer.from([0, 0, 0, 2, 0, 0, 0, 2, 8, 2, 0, 0, 0]);
  const rows = Buffer.from([0, 255, 0, 0, 0, 255, 0, 0, 0, 0, 255, 255, 255, 255]);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]).toString('base64');
}

describe('the profile calls, against the real app', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await createTestApi();
    const app = createApp(api.deps);
    vi.stubGlobal('fetch', fetchFromApp(app));
  });
  afterAll(async () => {
    vi.unstubAllGlobals();
    await api?.close();
  });
  afterEach(() => {
    endSession();
    cleanTestStorage();
  });

  async function signedIn() {
    const account = await signUpVerified(api);
    startSession(account.token, account.user);
    return account;
  }
  /** A call's ApiError (fails the test when the call succeeds). */
  const refusal = (promise: Promise<unknown>) =>
    promise.then(
      () => {
        throw new Error('expected a refusal');
      },
      (error: unknown) => error as ApiError,
    );

  it('reads the categories and the towns (the latter from `response`)', async () => {
    const categories = await fetchCategories();
    expect(categories.length).toBeGreaterThan(0);
    expect(categories.map((category) => category.categoryName)).toEqual(
      [...categories.map((category) => category.categoryName)].sort((a, b) => a.localeCompare(b)),
    );
    const towns = await fetchLocations();
    expect(towns.length).toBeGreaterThan(0);
    expect(towns[0]).toEqual({ locationId: expect.any(Number), locationName: expect.any(String), isActive: false });
  });

  it('saves the tags and the session follows; unknown ids are refused with the server message, nothing changed', async () => {
    const account = await signedIn();
    const [first, second] = await fetchCategories();
    const saved = await saveTags([second!.categoryId, first!.categoryId]);
    expect(saved.message).toBe('Your interests were saved.');
    expect($user.get()?.tags).toEqual([second!.categoryId, first!.categoryId]);
    expect($session.get()?.token).toBe(account.token);

    const error = await refusal(saveTags([first!.categoryId, 999_999]));
    expect(error).toBeInstanceOf(ApiError);
    expect([error.status, error.message]).toEqual([400, 'Unknown category ids: 999999']);
    expect($user.get()?.tags).toEqual([second!.categoryId, first!.categoryId]);
  });

  it('saves the location (a town of the list, or null), and refuses an unknown one', async () => {
    await signedIn();
    const [town] = await fetchLocations();
    expect((await saveLocation(town!.locationName)).user.location).toBe(town!.locationName);
    expect($user.get()?.location).toBe(town!.locationName);
    const error = await refusal(saveLocation('Atlantis'));
    expect(error.status).toBe(400);
    expect(error.message).toBe(ERROR_CODES.unknown_location);
    expect($user.get()?.location).toBe(town!.locationName);
    await saveLocation(null);
    expect($user.get()?.location).toBeNull();
  });

  it("uploads a PNG (as a data URL) and sets the session's logoUrl; other bytes get the server's refusal", async () => {
    const account = await signedIn();
    const uploaded = await uploadLogo(`data:image/png;base64,${tinyPngBase64()}`);
    expect(uploaded.message).toBe('The image was uploaded.');
    expect(uploaded.url).toMatch(/^\/api\/images\/upload-[\w-]+\.png$/);
    expect($user.get()?.logoUrl).toBe(uploaded.url);
    const fromServer = await api.call('GET', `/api/get/user/by/${account.userId}`, { token: account.token });
    expect(fromServer.body.data.logoUrl).toBe(uploaded.url);

    const error = await refusal(
      uploadLogo(`data:image/png;base64,${Buffer.from('not an image at all').toString('base64')}`),
    );
    expect([error.status, error.message]).toEqual([400, 'Only PNG or JPEG images can be uploaded.']);
    expect($user.get()?.logoUrl).toBe(uploaded.url);
  });

  it('a revoked session: the 401 message, and the session ends', async () => {
    const account = await signedIn();
    await api.call('POST', '/api/user/logout', { token: account.token });
    const error = await refusal(uploadLogo(tinyPngBase64()));
    expect([error.status, error.message]).toEqual([401, 'Your session has expired. Please sign in again.']);
    expect($session.get()).toBeUndefined();
  });
});
