// OfferLanka's own ads (the API's house ads, served while no ad proxy is set), known by where they
// lead: their words in each language. The ad frames write a house ad as text in the page's language
// (src/components/AdFrame.astro) rather than showing its English picture; the demo data's house ads
// (src/server/seed/data.ts) take their English from here.
import { m } from '../paraglide/messages.js';
import type { Locale } from '../paraglide/runtime.js';

export interface HouseAdWords {
  title: string;
  body: string;
  cta: string;
}

export const HOUSE_AD_WORDS: Record<string, (locale?: Locale) => HouseAdWords> = {
  '/sign-up': (locale) => ({
    title: m.house_ad_sign_up_title({}, { locale }),
    body: m.house_ad_sign_up_body({}, { locale }),
    cta: m.house_ad_sign_up_cta({}, { locale }),
  }),
  '/#newsletter': (locale) => ({
    title: m.house_ad_newsletter_title({}, { locale }),
    body: m.house_ad_newsletter_body({}, { locale }),
    cta: m.house_ad_newsletter_cta({}, { locale }),
  }),
  '/about-us': (locale) => ({
    title: m.house_ad_phone_title({}, { locale }),
    body: m.house_ad_phone_body({}, { locale }),
    cta: m.house_ad_phone_cta({}, { locale }),
  }),
  '/contact-us': (locale) => ({
    title: m.house_ad_business_title({}, { locale }),
    body: m.house_ad_business_body({}, { locale }),
    cta: m.house_ad_business_cta({}, { locale }),
  }),
};
