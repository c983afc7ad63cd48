// The profile in a real browser against the served build and its API (spec §2 'Update Mobile
// Number modal' paragraph, §4 'Image upload', §5 'Logo upload', §6, §7; DECISIONS.md 'Tag-update and
// image-upload failures show a message', 'Image uploads'): the Profile View modal from the header
// at both widths, the interest and location pickers saving to the server, the logo upload with its
// crop (a real PNG, cropped in the page, read back from the server), refused files, a failed
// upload, the account-mode mobile number change, and a merchant's header.
import { randomInt } from 'node:crypto';
import { deflateSync } from 'node:zlib';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODES } from '../../src/contract/error-codes.ts';
import { API_MESSAGES } from '../../src/contract/api-messages.ts';
import { type UserData } from '../../src/contract/index.ts';
import { maskMobile } from '../../src/lib/format-offer.ts';
import { SESSION_STORAGE_KEY } from '../../src/stores/session.ts';
import {
  DESKTOP,
  PHONE,
  createSignedInAccount,
  signInMerchant,
  startBrowserSite,
  withSignedInPage,
  type BrowserSite,
  type TestAccount,
  seriousViolations,
} from './harness.ts';
import { m } from '../../src/paraglide/messages.js';

let site: BrowserSite;
beforeAll(async () => {
  site = await startBrowserSite();
});
afterAll(async () => {
  await site?.close();
});

const freshMobile = () => `7${String(randomInt(0, 100_000_000)).padStart(8, '0')}`;

/** A call to the main API as `account` (or as a guest without one). */
async function api(method: string, path: string, account?: { token: string }, body?: object) {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (account) headers.authorization = `Bearer ${account.token}`;
  const response = await fetch(`${site.url}/api${path}`, { method, headers, body: body && JSON.stringify(body) });
  return { status: response.status, body: await response.json() };
}
/** The user as the server has it now. */
const serverUser = async (account: TestAccount): Promise<UserData> =>
  (await api('GET', `/get/user/by/${account.user.userId}`, account)).body.data;
const storedSession = (page: Page) =>
  page.evaluate((key) => JSON.parse(localStorage.getItem(key) ?? 'null'), SESSION_STORAGE_KEY);
const codesSent = async (mobileNo: string): Promise<string[]> =>
  (await (await fetch(`${site.url}/api/dev/sms-outbox/${mobileNo}`)).json()).data.map(
    (sms: { code: string }) => sms.code,
  );
const isFocused = (locator: Locator) => locator.evaluate((element) => element === document.activeElement);

/** Opens the Profile View from the header: the dropdown's Profile, or below 480px the mobile overlay's. */
async function openProfileView(
  page: Page,
  account: TestAccount,
  width: number,
): Promise<{ view: Locator; opener: Locator }> {
  await page.goto('/');
  let opener: Locator;
  // The header loads the panel's code on the first opening only.
  await page.locator('.account-menu').waitFor({ state: 'attached' });
  expect(
    await page.evaluate(() =>
      performance.getEntriesByType('resource').some((entry) => /ProfilePanel/.test(entry.name)),
    ),
  ).toBe(false);
  if (width > 480) {
    await page.getByRole('button', { name: `Hi, ${account.user.firstName}` }).click();
    opener = page.getByRole('menuitem', { name: 'Profile' });
  } else {
    await page.getByRole('button', { name: 'Account menu' }).click();
    opener = page
      .getByRole('dialog', { name: `Hi, ${account.user.firstName}` })
      .getByRole('button', { name: 'Profile' });
  }
  await opener.click();
  const view = page.getByRole('dialog', { name: m.account_profile_title(), exact: true });
  await view.locator('.profile-panel').waitFor();
  return { view, opener };
}

/** A row's value (its <dd>) in one of the panel's sections. */
const row = (section: Locator, term: string) =>
  section
    .locator('.profile-row')
    .filter({ has: section.page().locator('dt', { hasText: new RegExp(`^${term}$`) }) })
    .locator('dd');

const dialogViolations = (page: Page) => seriousViolations(page, 'dialog[open]');

// --- a real PNG, made here: IHDR, one IDAT (zlib), IEND, each chunk with its CRC-32 ---
const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
const crc32 = (bytes: Buffer) => {
  let c = 0xffffffff;
  for (const byte of bytes) c = CRC_TABLE[(c ^ byte) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
};
function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}
/** An RGB PNG of width × height: a left-to-right red ramp over a top-to-bottom blue one. */
function makePng(width: number, height: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // colour type: RGB
  const rows = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) {
    const start = y * (width * 3 + 1); // each row starts with filter type 0
    for (let x = 0; x < width; x++) {
      rows[start + 1 + x * 3] = Math.round((x / width) * 255);
      rows[start + 2 + x * 3] = 90;
      rows[start + 3 + x * 3] = Math.round((y / height) * 255);
    }
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
/** A PNG's size from its IHDR. */
const pngSize = (bytes: Buffer) => ({
  signature: bytes.subarray(1, 4).toString('ascii'),
  width: bytes.readUInt32BE(16),
  height: bytes.readUInt32BE(20),
});

/** The image at `url`, as the server answers it. */
async function fetchImage(url: string) {
  const response = await fetch(new URL(url, site.url));
  return {
    status: response.status,
    type: response.headers.get('content-type'),
    bytes: Buffer.from(await response.arrayBuffer()),
  };
}

describe('the Profile View modal', () => {
  for (const width of [DESKTOP, PHONE]) {
    it(`at ${width}px the header opens the profile: name, email, +94 masked number with its tick, user and account type, unverified fields`, async () => {
      const account = await createSignedInAccount(site, 'Nimal');
      await withSignedInPage(site, account, width, async (page) => {
        const { view, opener } = await openProfileView(page, account, width);
        const accountSection = view.getByRole('region', { name: 'Account' });
        expect(await row(accountSection, 'Name').innerText()).toBe('Nimal');
        expect(await row(accountSection, 'Email').innerText()).toBe(m.account_not_added());
        const contact = row(accountSection, 'Contact No');
        expect(await contact.locator('.profile-mobile').innerText()).toBe(`+94 ${maskMobile(account.mobileNo)}`);
        expect(maskMobile(account.mobileNo)).toMatch(/^\d{3}\*{6}$/);
        expect(await contact.getByText('verified', { exact: true }).count()).toBe(1);
        expect(await contact.getByRole('button', { name: 'Change mobile number' }).isVisible()).toBe(true);
        expect(await row(accountSection, 'User Type').innerText()).toBe('Customer');
        expect(await row(accountSection, 'Account type').innerText()).toBe('Offer viewer');
        // The whole number is nowhere in the modal.
        expect(await view.innerText()).not.toContain(account.mobileNo);

        // The mobile number shows once, verified: a customer with no other contact no, address or
        // phone has no Details card (no 'Contact no: Not added, unverified' under it).
        expect(await view.getByRole('region', { name: 'Details' }).count()).toBe(0);
        expect(await view.locator('.profile-unverified').count()).toBe(0);
        expect(await view.getByText('Merchant name').count()).toBe(0); // a merchant's field
        expect(await view.locator('.profile-logo-label').innerText()).toBe('Profile picture');
        expect(await view.getByText(m.account_no_tags()).isVisible()).toBe(true);
        expect(await view.locator('.profile-location').innerText()).toBe(m.account_not_added());
        // Nothing runs past the modal's width.
        expect(await view.evaluate((dialog) => dialog.scrollWidth <= dialog.clientWidth)).toBe(true);
        expect(await dialogViolations(page)).toEqual([]);

        await page.keyboard.press('Escape');
        await view.waitFor({ state: 'hidden' });
        if (width > 480) {
          expect(await isFocused(page.getByRole('button', { name: 'Hi, Nimal' }))).toBe(true);
          // A customer gets no Create Offer.
          expect(await page.getByRole('link', { name: 'Create Offer' }).count()).toBe(0);
          await page.getByRole('button', { name: 'Hi, Nimal' }).click();
          expect(await page.getByRole('menuitem', { name: 'Setting' }).getAttribute('href')).toBe(
            '/console/customer/profile#settings',
          );
        } else {
          expect(await isFocused(opener)).toBe(true); // back in the overlay
          const overlay = page.getByRole('dialog', { name: 'Hi, Nimal' });
          expect(await overlay.innerText()).toContain(maskMobile(account.mobileNo));
          expect(await overlay.getByText('verified', { exact: true }).count()).toBe(1);
          expect(await overlay.getByRole('button', { name: /^Favourites/ }).isVisible()).toBe(true);
          expect(await overlay.getByRole('button', { name: 'Log out' }).isVisible()).toBe(true);
        }
      });
    });
  }
});

describe('the interest picker', () => {
  it("'Please select interested area': chosen categories are saved with 'Save & close', on the server and when reopened", async () => {
    const account = await createSignedInAccount(site, 'Amali');
    const [first, second, third] = site.categories;
    await withSignedInPage(site, account, DESKTOP, async (page) => {
      const { view } = await openProfileView(page, account, DESKTOP);
      await view.getByRole('button', { name: 'Edit interested areas' }).click();
      const picker = page.getByRole('dialog', { name: m.account_tag_picker_title() });
      await picker.getByRole('checkbox').first().waitFor();
      expect(await picker.getByRole('checkbox').count()).toBe(site.categories.length);
      expect(await picker.getByRole('checkbox', { checked: true }).count()).toBe(0);
      await picker.getByRole('checkbox', { name: first!.categoryName, exact: true }).check();
      await picker.getByRole('checkbox', { name: third!.categoryName, exact: true }).check();
      expect(await dialogViolations(page)).toEqual([]);
      await picker.getByRole('button', { name: m.account_save_and_close() }).click();
      await picker.waitFor({ state: 'hidden' });

      // The panel says so and shows them; the server and the stored session have them.
      await view.getByRole('status').filter({ hasText: 'Your interests were saved.' }).waitFor();
      expect(await view.locator('.profile-tags li').allInnerTexts()).toEqual([
        first!.categoryName,
        third!.categoryName,
      ]);
      expect((await serverUser(account)).tags).toEqual([first!.categoryId, third!.categoryId]);
      expect((await storedSession(page)).user.tags).toEqual([first!.categoryId, third!.categoryId]);

      // Reopened (after a reload, from the server's user): the two are chosen; one off, one on.
      await page.reload();
      const again = (await openProfileView(page, account, DESKTOP)).view;
      await again.getByRole('button', { name: 'Edit interested areas' }).click();
      await picker.getByRole('checkbox').first().waitFor();
      expect(
        await picker
          .getByRole('checkbox', { checked: true })
          .evaluateAll((boxes) =>
            boxes.map((box) => box.closest('label')?.querySelector('.profile-chip-name')?.textContent),
          ),
      ).toEqual([first!.categoryName, third!.categoryName]);
      await picker.getByRole('checkbox', { name: first!.categoryName, exact: true }).uncheck();
      await picker.getByRole('checkbox', { name: second!.categoryName, exact: true }).check();
      await picker.getByRole('button', { name: m.account_save_and_close() }).click();
      await picker.waitFor({ state: 'hidden' });
      await expect
        .poll(() => again.locator('.profile-tags li').allInnerTexts())
        .toEqual([third!.categoryName, second!.categoryName]);
      expect((await serverUser(account)).tags).toEqual([third!.categoryId, second!.categoryId]);
    });
  });

  it("closing without 'Save & close' saves nothing", async () => {
    const account = await createSignedInAccount(site);
    await withSignedInPage(site, account, PHONE, async (page) => {
      const { view } = await openProfileView(page, account, PHONE);
      await view.getByRole('button', { name: 'Edit interested areas' }).click();
      const picker = page.getByRole('dialog', { name: m.account_tag_picker_title() });
      await picker.getByRole('checkbox', { name: site.categories[0]!.categoryName, exact: true }).check();
      await picker.getByRole('button', { name: 'Close', exact: true }).click();
      await picker.waitFor({ state: 'hidden' });
      expect(await view.isVisible()).toBe(true); // the Profile View stays open under it
      expect(await view.getByText(m.account_no_tags()).isVisible()).toBe(true);
      expect((await serverUser(account)).tags).toEqual([]);
    });
  });
});

describe('the location picker', () => {
  it('searches the towns, requires a choice, saves it to the server and marks it current when reopened', async () => {
    const account = await createSignedInAccount(site, 'Ruwan');
    const towns: string[] = (await api('GET', '/location/all')).body.response.map(
      (town: { locationName: string }) => town.locationName,
    );
    const town = towns[Math.floor(towns.length / 2)]!;
    const query = town.slice(1, 4).toUpperCase(); // any part of the name, in any case
    await withSignedInPage(site, account, PHONE, async (page) => {
      const { view } = await openProfileView(page, account, PHONE);
      await view.getByRole('button', { name: 'Choose location' }).click();
      const picker = page.getByRole('dialog', { name: m.account_location_picker_title() });
      await picker.getByRole('radio').first().waitFor();
      expect(await picker.getByRole('radio').count()).toBe(towns.length);

      // Save without a choice: the message, tied to the list.
      await picker.getByRole('button', { name: 'Save', exact: true }).click();
      const list = picker.getByRole('group', { name: 'Locations' });
      expect(await picker.locator('.profile-error').innerText()).toBe(ERROR_CODES.required.trim());
      expect(await list.getAttribute('aria-invalid')).toBe('true');
      expect(await list.getAttribute('aria-describedby')).toBe(
        await picker.locator('.profile-error').getAttribute('id'),
      );

      await picker.getByLabel(m.account_location_search()).fill(query);
      const shown = await picker
        .getByRole('radio')
        .evaluateAll((radios) => radios.map((radio) => (radio as HTMLInputElement).value));
      expect(shown).toEqual(towns.filter((name) => name.toLowerCase().includes(query.toLowerCase())));
      await picker.getByRole('radio', { name: town, exact: true }).check();
      expect(await picker.locator('.profile-error').count()).toBe(0);
      await picker.getByLabel(m.account_location_search()).fill('zzzz');
      expect(await picker.getByText(m.account_location_no_matches({ query: 'zzzz' })).isVisible()).toBe(true);
      expect(await dialogViolations(page)).toEqual([]);
      await picker.getByRole('button', { name: 'Save', exact: true }).click();
      await picker.waitFor({ state: 'hidden' });

      await expect.poll(() => view.locator('.profile-location').innerText()).toBe(town);
      expect((await serverUser(account)).location).toBe(town);
      await view.getByRole('button', { name: 'Change location' }).click();
      await picker.getByRole('radio').first().waitFor();
      expect(await picker.getByRole('radio', { name: town, exact: true }).isChecked()).toBe(true);
      expect(
        await picker
          .locator('.profile-option', { has: page.getByRole('radio', { name: town, exact: true }) })
          .locator('.profile-current')
          .innerText(),
      ).toBe('current');
    });
  });
});

describe('the logo upload', () => {
  /** The page's file input for the picture, opened from the Profile View. */
  async function openUpload(page: Page, account: TestAccount, width = DESKTOP) {
    const { view } = await openProfileView(page, account, width);
    return { view, input: view.getByLabel(/^Upload Profile picture$/) };
  }
  const cropView = (page: Page) => page.getByRole('dialog', { name: m.account_crop_title() });

  it('a PNG opens the crop view (loaded only then), showing the whole image at zoom 1: Save uploads its 300×300 square that the profile shows', async () => {
    const account = await createSignedInAccount(site, 'Kasun');
    await withSignedInPage(site, account, DESKTOP, async (page) => {
      const { view, input } = await openUpload(page, account);
      expect(await input.getAttribute('accept')).toBe('image/png,image/jpeg,.png,.jpg,.jpeg');
      const cropCodeLoaded = () =>
        page.evaluate(() =>
          performance.getEntriesByType('resource').some((entry) => /LogoCropDialog/.test(entry.name)),
        );
      expect(await cropCodeLoaded()).toBe(false);

      await input.setInputFiles({ name: 'shop.png', mimeType: 'image/png', buffer: makePng(400, 300) });
      const crop = cropView(page);
      await crop.getByRole('group', { name: 'Profile picture crop square' }).waitFor();
      expect(await cropCodeLoaded()).toBe(true);
      // The whole image shows: its 300 rows fill the square at zoom 1, the slider's bottom.
      await expect.poll(() => crop.getByLabel('Zoom').inputValue()).toBe('1');
      await page.screenshot({ path: 'tmp/screenshots/logo-crop-opened-1280.png' });
      expect(await crop.getByRole('button', { name: 'Save', exact: true }).isVisible()).toBe(true);
      expect(await crop.getByText(m.account_upload_new_image(), { exact: true }).isVisible()).toBe(true);
      expect(await crop.getByRole('button', { name: 'Close', exact: true }).isVisible()).toBe(true);
      expect(await dialogViolations(page)).toEqual([]);

      // 'Uploading...' shows on Save while the upload runs.
      await crop.evaluate((dialog) => {
        const seen = window as { seenUploading?: boolean };
        new MutationObserver(() => {
          if (dialog.textContent?.includes('Uploading...')) seen.seenUploading = true;
        }).observe(dialog, { subtree: true, childList: true, characterData: true });
      });
      const upload = page.waitForResponse((response) => response.url().endsWith('/api/temp/image/upload'));
      await crop.getByRole('button', { name: 'Save' }).click();
      expect((await upload).status()).toBe(201);
      await crop.waitFor({ state: 'hidden' });
      expect(await page.evaluate(() => (window as { seenUploading?: boolean }).seenUploading)).toBe(true);
      expect(m.account_uploading()).toBe('Uploading...');

      await view.getByRole('status').filter({ hasText: 'The image was uploaded.' }).waitFor();
      const { logoUrl } = await serverUser(account);
      expect(logoUrl).toMatch(/^\/api\/images\/upload-[\w-]+\.png$/);
      expect(await view.getByRole('img', { name: 'Profile picture' }).getAttribute('src')).toBe(logoUrl);
      expect((await storedSession(page)).user.logoUrl).toBe(logoUrl);
      const image = await fetchImage(logoUrl!);
      expect(image.status).toBe(200);
      expect(image.type).toBe('image/png');
      expect(pngSize(image.bytes)).toEqual({ signature: 'PNG', width: 300, height: 300 });
      // The button now changes the picture.
      expect(await view.getByLabel(/^Change Profile picture$/).count()).toBe(1);
    });
  });

  it(`at ${PHONE}px: opened at zoom 1, zooming in goes down to 100 pixels; zoomed out and dragged, the upload is the square the crop showed (300×300 of a 400×300 image), from its left part`, async () => {
    const account = await createSignedInAccount(site, 'Dilani');
    await withSignedInPage(site, account, PHONE, async (page) => {
      const { view, input } = await openUpload(page, account, PHONE);
      await input.setInputFiles({ name: 'photo.PNG', mimeType: 'image/png', buffer: makePng(400, 300) });
      const crop = cropView(page);
      const square = crop.getByRole('group', { name: 'Profile picture crop square' });
      await square.waitFor();
      const zoom = crop.getByLabel('Zoom');
      await expect.poll(() => zoom.inputValue()).toBe('1');
      await page.screenshot({ path: 'tmp/screenshots/logo-crop-opened-375.png' });
      await zoom.focus();
      await page.keyboard.press('End'); // 100 of the image's 300 rows fill the square
      await expect.poll(() => zoom.inputValue()).toBe('3');
      await page.keyboard.press('Home');
      await expect.poll(() => zoom.inputValue()).toBe('1');
      // Drag the image right: the square moves over its left part (as far as it goes).
      const box = (await square.boundingBox())!;
      await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
      await page.mouse.down();
      await page.mouse.move(box.x + box.width / 2 + 200, box.y + box.height / 2, { steps: 8 });
      await page.mouse.up();
      await crop.getByRole('button', { name: 'Save' }).click();
      await crop.waitFor({ state: 'hidden' });
      await view.getByRole('status').filter({ hasText: 'The image was uploaded.' }).waitFor();

      const image = await fetchImage((await serverUser(account)).logoUrl!);
      expect(pngSize(image.bytes)).toEqual({ signature: 'PNG', width: 300, height: 300 });
      // The red ramp grows left to right: a crop from the image's left edge starts near 0.
      const leftRed = await page.evaluate(
        async (url) => {
          const img = new Image();
          img.src = url;
          await img.decode();
          const canvas = Object.assign(document.createElement('canvas'), { width: img.width, height: img.height });
          const context = canvas.getContext('2d')!;
          context.drawImage(img, 0, 0);
          return context.getImageData(1, 150, 1, 1).data[0];
        },
        (await serverUser(account)).logoUrl!,
      );
      expect(leftRed).toBeLessThan(10);
    });
  });

  it("refuses a file that is not PNG or JPG, by type or by name, and one whose bytes are no image, with a message; 'Upload New Image' too", async () => {
    const account = await createSignedInAccount(site);
    await withSignedInPage(site, account, DESKTOP, async (page) => {
      const { view, input } = await openUpload(page, account);
      const message = view.locator('.profile-logo .profile-error');
      for (const file of [
        { name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') },
        { name: 'anim.gif', mimeType: 'image/gif', buffer: Buffer.from('GIF89a') },
        { name: 'logo.svg', mimeType: 'image/png', buffer: makePng(20, 20) }, // a PNG's type, another name
      ]) {
        await input.setInputFiles(file);
        await expect.poll(() => message.innerText()).toBe(m.account_choose_png_or_jpg());
        expect(await input.getAttribute('aria-invalid')).toBe('true');
        expect(await input.getAttribute('aria-describedby')).toContain(await message.getAttribute('id'));
        expect(await cropView(page).count()).toBe(0);
      }
      await input.setInputFiles({
        name: 'fake.png',
        mimeType: 'image/png',
        buffer: Buffer.from('this is text, not a PNG'),
      });
      await expect.poll(() => message.innerText()).toBe(m.account_image_unreadable());
      expect(await cropView(page).count()).toBe(0);

      // A good file clears the message and opens the crop view, whose Upload New Image refuses the same way.
      await input.setInputFiles({ name: 'good.jpg', mimeType: 'image/jpeg', buffer: makePng(120, 120) });
      await expect.poll(() => message.count()).toBe(0);
      const crop = cropView(page);
      await crop.getByRole('group', { name: 'Profile picture crop square' }).waitFor();
      await crop
        .getByLabel(m.account_upload_new_image())
        .setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('x') });
      await expect.poll(() => crop.locator('.profile-error').innerText()).toBe(m.account_choose_png_or_jpg());
      // Upload New Image with a good file swaps the image in and starts over; Close uploads nothing.
      await crop
        .getByLabel(m.account_upload_new_image())
        .setInputFiles({ name: 'other.png', mimeType: 'image/png', buffer: makePng(500, 500) });
      await expect.poll(() => crop.locator('.profile-error').count()).toBe(0);
      // Starting over: the new image shows whole (zoom 1), and zooming in goes down to 100 of its 500 pixels.
      await expect.poll(() => crop.getByLabel('Zoom').getAttribute('max')).toBe('5');
      await expect.poll(() => crop.getByLabel('Zoom').inputValue()).toBe('1');
      await crop.getByRole('button', { name: 'Close', exact: true }).click();
      await crop.waitFor({ state: 'hidden' });
      expect((await serverUser(account)).logoUrl).toBeNull();
    });
  });

  it("a failed upload says the server's reason: with the session revoked meanwhile, 'Your session has expired' and the guest header", async () => {
    const account = await createSignedInAccount(site, 'Chamara');
    await withSignedInPage(site, account, DESKTOP, async (page) => {
      const { input } = await openUpload(page, account);
      await input.setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: makePng(200, 200) });
      const crop = cropView(page);
      await crop.getByRole('group', { name: 'Profile picture crop square' }).waitFor();
      expect((await api('POST', '/user/logout', account)).status).toBe(200); // signed out elsewhere

      const upload = page.waitForResponse((response) => response.url().endsWith('/api/temp/image/upload'));
      await crop.getByRole('button', { name: 'Save' }).click();
      const answer = await upload;
      expect(answer.status()).toBe(401);
      const reason = (await answer.json()).message as string;
      expect(reason).toBe('Your session has expired. Please sign in again.');
      await page.locator('.notice-card', { hasText: reason }).waitFor();
      await page.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: 'Sign in' }).waitFor();
      expect(await storedSession(page)).toBeNull();
    });
  });
});

describe('the Contact No Change (Update Mobile Number, account mode)', () => {
  it('a fresh number gets a code; entered, the profile shows it masked and the new session works', async () => {
    const account = await createSignedInAccount(site, 'Sanduni');
    const newMobile = freshMobile();
    await withSignedInPage(site, account, DESKTOP, async (page) => {
      const { view } = await openProfileView(page, account, DESKTOP);
      await view.getByRole('button', { name: 'Change mobile number' }).click();
      const dialog = page.getByRole('dialog', { name: m.account_update_mobile_title() });
      const field = dialog.getByLabel(m.account_new_mobile_label());
      await field.waitFor();
      const fieldError = dialog.locator(`#${await field.getAttribute('id')}-error`);

      // Every message of the form: empty, too short, the user's own number (another account's: below).
      await dialog.getByRole('button', { name: m.account_send_verification_code() }).click();
      await expect.poll(() => fieldError.innerText()).toContain(ERROR_CODES.required.trim());
      await page.locator('.notice-card', { hasText: ERROR_CODES.enter_valid_mobile }).waitFor();
      await field.fill('7712');
      await dialog.getByRole('button', { name: m.account_send_verification_code() }).click();
      await expect.poll(() => fieldError.innerText()).toContain(ERROR_CODES.invalid_mobile_no);
      await field.fill(account.mobileNo);
      await dialog.getByRole('button', { name: m.account_send_verification_code() }).click();
      await expect.poll(() => fieldError.innerText()).toContain('This is already your mobile number.');

      await field.fill(`0${newMobile}`); // as people write it: the 9 digits are what changes
      await dialog.getByRole('button', { name: m.account_send_verification_code() }).click();
      await dialog.getByRole('group', { name: 'Enter the 6-digit code' }).waitFor();
      await expect.poll(async () => (await codesSent(newMobile)).length, { timeout: 10_000 }).toBe(1);
      const [code] = await codesSent(newMobile);
      await dialog.locator('#update-mobile-digit-1').pressSequentially(code!);
      await dialog.waitFor({ state: 'hidden' });

      const contact = row(view.getByRole('region', { name: 'Account' }), 'Contact No');
      await expect.poll(() => contact.locator('.profile-mobile').innerText()).toBe(`+94 ${maskMobile(newMobile)}`);
      expect(await contact.getByText('verified', { exact: true }).count()).toBe(1);
      const session = await storedSession(page);
      expect(session.user.mobileNo).toBe(newMobile);
      expect(session.token).not.toBe(account.token);
      // The new session works; the number signs in from now on.
      const fresh = await api('GET', `/get/user/by/${account.user.userId}`, { token: session.token });
      expect(fresh.status).toBe(200);
      expect(fresh.body.data.mobileNo).toBe(newMobile);
      expect(
        (await api('POST', '/user/authentication', undefined, { mobileNo: newMobile, password: account.password }))
          .status,
      ).toBe(200);
      // Still signed in here after a reload.
      await page.reload();
      await page.getByRole('button', { name: 'Hi, Sanduni' }).waitFor();
    });
  });
});

describe('the Contact No Change to a number another account holds', () => {
  it('says so under the field, texts that number nothing, and keeps the user on the profile', async () => {
    const account = await createSignedInAccount(site, 'Sanduni');
    const other = await createSignedInAccount(site, 'Other');
    const codesBefore = (await codesSent(other.mobileNo)).length;
    await withSignedInPage(site, account, PHONE, async (page) => {
      const { view } = await openProfileView(page, account, PHONE);
      await view.getByRole('button', { name: 'Change mobile number' }).click();
      const dialog = page.getByRole('dialog', { name: m.account_update_mobile_title() });
      const field = dialog.getByLabel(m.account_new_mobile_label());
      await field.fill(`0${other.mobileNo}`);
      await dialog.getByRole('button', { name: m.account_send_verification_code() }).click();
      const fieldError = dialog.locator(`#${await field.getAttribute('id')}-error`);
      await expect.poll(() => fieldError.innerText()).toContain(API_MESSAGES.mobileInUse);
      expect(await dialog.getByRole('group', { name: 'Enter the 6-digit code' }).count()).toBe(0);
      expect(new URL(page.url()).pathname).toBe('/');
    });
    expect(await codesSent(other.mobileNo)).toHaveLength(codesBefore);
    expect((await serverUser(account)).mobileNo).toBe(account.user.mobileNo);
  });
});

describe("a merchant's header", () => {
  it('has Create Offer beside the favourites, the console entries in the dropdown, and a merchant profile', async () => {
    const merchant = await signInMerchant(site);
    await withSignedInPage(site, merchant, DESKTOP, async (page) => {
      await page.goto('/');
      const createOffer = page.getByRole('link', { name: 'Create Offer', exact: true });
      await createOffer.waitFor();
      expect(await createOffer.getAttribute('href')).toBe('/console/merchant/offer#create');
      // Beside the favourites button, before it.
      const order = await page
        .locator('.account-menu-wide > *')
        .evaluateAll((nodes) => nodes.map((node) => node.className));
      expect(order.slice(0, 2)).toEqual(['account-create-offer', 'account-favorites-button']);

      await page.getByRole('button', { name: `Hi, ${merchant.user.firstName}` }).click();
      expect(await page.getByRole('menu').getByRole('menuitem').allInnerTexts()).toEqual([
        'Setting',
        'Profile',
        'Console',
        'Create Offer',
        'Logout',
      ]);
      await page.getByRole('menuitem', { name: 'Profile' }).click();
      const view = page.getByRole('dialog', { name: m.account_profile_title(), exact: true });
      await view.locator('.profile-panel').waitFor();
      expect(await row(view.getByRole('region', { name: 'Account' }), 'User Type').innerText()).toBe('Merchant');
      const details = view.getByRole('region', { name: 'Business details' });
      for (const term of [
        'Merchant name',
        'Business registration no',
        'Company contact no',
        'Company email',
        'Address',
        'Phone',
      ]) {
        expect(await row(details, term).locator('.profile-unverified').innerText(), term).toBe(m.account_unverified());
      }
      expect(await view.locator('.profile-logo-label').innerText()).toBe('Company logo');
      expect(await view.getByLabel(/Company logo$/).getAttribute('type')).toBe('file');
    });
    await withSignedInPage(site, merchant, PHONE, async (page) => {
      await page.goto('/');
      await page.getByRole('button', { name: 'Account menu' }).click();
      const overlay = page.getByRole('dialog', { name: `Hi, ${merchant.user.firstName}` });
      expect(await overlay.getByRole('link', { name: 'Create Offer' }).getAttribute('href')).toBe(
        '/console/merchant/offer#create',
      );
    });
  });
});
