// Each offer's link-preview image (og:image, twitter:image): what it draws and where it is served.
// The offer page and the build's list of images (src/pages/preview-images.json.ts) take the image's
// key from here; the site build renders each new key once (src/server/site/preview-images.ts).
// The key is a hash of exactly what the image draws, so an unchanged offer keeps its image and URL,
// and a changed one gets a new URL that no cache or crawler has seen.
import { createHash } from 'node:crypto';
import dayjs from 'dayjs';
import advancedFormat from 'dayjs/plugin/advancedFormat.js';
import type { OfferData } from '../contract/index.ts';
import { DATE_LONG_FORMAT } from './constants.ts';
import { offerTags } from './format-offer.ts';
import { inSriLanka } from './sri-lanka-time.ts';

dayjs.extend(advancedFormat); // 'Do': 1st, 2nd, ...

/** Raise it whenever the drawing changes (layout, fonts, texts): every image is rendered again. */
export const PREVIEW_TEMPLATE_VERSION = 1;
/** The folder of the images in a build, served with a year's immutable cache (routes.ts). */
export const PREVIEW_IMAGE_DIR = 'og';
/** The build's list of images, written by the astro build and read (then removed) by the build job. */
export const PREVIEW_MANIFEST_FILE = 'preview-images.json';

export interface PreviewImageSpec {
  bankName: string;
  /** #rrggbb */
  bankColor: string;
  /** As the API answers it ('/api/images/…'); its name changes whenever the logo does. */
  bankLogoUrl: string;
  merchantName: string;
  /** The figure in large type: '20% off', or the offer's label when it has no rate. */
  discount: string;
  /** 'Valid until January 10th 2027', or '' for an offer without an end date. */
  endText: string;
}

export function previewImageSpec(offer: OfferData): PreviewImageSpec {
  const end = offer.offerEnd ? inSriLanka(offer.offerEnd) : undefined;
  return {
    bankName: offer.bank.bankName,
    bankColor: offer.bank.color,
    bankLogoUrl: offer.bank.logoURL,
    merchantName: offer.merchant.merchantName,
    // English in every language: the image is one per offer, drawn with a Latin typeface.
    discount: offerTags(offer, 'en')[0] ?? offer.label,
    endText: end?.isValid() ? `Valid until ${end.format(DATE_LONG_FORMAT)}` : '',
  };
}

export const previewImageKey = (spec: PreviewImageSpec) =>
  createHash('sha256')
    .update(JSON.stringify([PREVIEW_TEMPLATE_VERSION, spec]))
    .digest('hex')
    .slice(0, 20);

/** The image's path on the site: the key in its name. */
export const previewImagePath = (key: string) => `/${PREVIEW_IMAGE_DIR}/${key}.png`;

/** The alternative text of an offer's preview image (og:image:alt, twitter:image:alt). */
export const previewImageAlt = (spec: PreviewImageSpec) =>
  `${spec.discount} at ${spec.merchantName} with ${spec.bankName} credit cards${spec.endText ? `. ${spec.endText}` : ''}`;
